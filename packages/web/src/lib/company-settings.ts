// The company's settings (spec §3), app-wide: every page may need default_cvss_version and
// triage_enabled, and any signed-in user may read them. The account-settings pages change them.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client.ts';
import type { CompanySettings } from './api-schemas.ts';

export const companySettingsKeys = {
  all: ['company-settings'] as const,
  detail: () => [...companySettingsKeys.all, 'detail'] as const,
};

export function getCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return unwrap(api.GET('/rest/settings/company/', { signal }));
}

export const companySettingsQueryOptions = () =>
  queryOptions({ queryKey: companySettingsKeys.detail(), queryFn: ({ signal }) => getCompanySettings(signal), staleTime: 60_000 });
