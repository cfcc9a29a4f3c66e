import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type {
  AuthenticationSettings,
  AuthenticationSettingsUpdate,
  BomSettings,
  BomSettingsUpdate,
  CompanySettings,
  CompanySettingsUpdate,
  RetentionSettings,
  RetentionSettingsUpdate,
  ScanSettings,
  ScanSettingsUpdate,
  UserDefaultSettings,
  UserDefaultSettingsUpdate,
} from '../../../lib/api-schemas.ts';
import { companySettingsKeys, getCompanySettings } from '../../../lib/company-settings.ts';
import { settingsKeys } from './keys.ts';

/** Each source of settings a form edits: the company's (spec §3) or one account-settings page's. */
export interface SettingsSources {
  company: { read: CompanySettings; update: CompanySettingsUpdate };
  bom: { read: BomSettings; update: BomSettingsUpdate };
  scan: { read: ScanSettings; update: ScanSettingsUpdate };
  'data-retention': { read: RetentionSettings; update: RetentionSettingsUpdate };
  user: { read: UserDefaultSettings; update: UserDefaultSettingsUpdate };
  authentication: { read: AuthenticationSettings; update: AuthenticationSettingsUpdate };
}
export type SettingsSource = keyof SettingsSources;
export type SettingsPageName = Exclude<SettingsSource, 'company'>;

type Read<S extends SettingsSource> = SettingsSources[S]['read'];
type Update<S extends SettingsSource> = SettingsSources[S]['update'];

async function getPage<S extends SettingsPageName>(page: S, signal?: AbortSignal): Promise<Read<S>> {
  switch (page) {
    case 'bom':
      return unwrap(api.GET('/rest/settings/company/bom/', { signal })) as Promise<Read<S>>;
    case 'scan':
      return unwrap(api.GET('/rest/settings/company/scan/', { signal })) as Promise<Read<S>>;
    case 'data-retention':
      return unwrap(api.GET('/rest/settings/company/data-retention/', { signal })) as Promise<Read<S>>;
    case 'user':
      return unwrap(api.GET('/rest/settings/company/user/', { signal })) as Promise<Read<S>>;
    default:
      return unwrap(api.GET('/rest/settings/company/authentication/', { signal })) as Promise<Read<S>>;
  }
}

/** PATCH with the changed fields only (lib/changed-fields.ts builds the body). */
export function updateSettings<S extends SettingsSource>(source: S, body: Update<S>): Promise<Read<S>> {
  const answer = (() => {
    switch (source) {
      case 'company':
        return unwrap(api.PATCH('/rest/settings/company/', { body: body as CompanySettingsUpdate }));
      case 'bom':
        return unwrap(api.PATCH('/rest/settings/company/bom/', { body: body as BomSettingsUpdate }));
      case 'scan':
        return unwrap(api.PATCH('/rest/settings/company/scan/', { body: body as ScanSettingsUpdate }));
      case 'data-retention':
        return unwrap(api.PATCH('/rest/settings/company/data-retention/', { body: body as RetentionSettingsUpdate }));
      case 'user':
        return unwrap(api.PATCH('/rest/settings/company/user/', { body: body as UserDefaultSettingsUpdate }));
      default:
        return unwrap(api.PATCH('/rest/settings/company/authentication/', { body: body as AuthenticationSettingsUpdate }));
    }
  })();
  return answer as Promise<Read<S>>;
}

/** The stored settings of a source; the company's share lib/company-settings.ts's cache entry. */
export function settingsQueryOptions<S extends SettingsSource>(source: S) {
  return queryOptions<Read<S>, Error, Read<S>, readonly string[]>({
    queryKey: source === 'company' ? companySettingsKeys.detail() : settingsKeys.page(source as SettingsPageName),
    queryFn: ({ signal }) => (source === 'company' ? getCompanySettings(signal) : getPage(source as SettingsPageName, signal)) as Promise<Read<S>>,
  });
}

export function useUpdateSettings<S extends SettingsSource>(source: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Update<S>) => updateSettings(source, body),
    // 400 field errors are shown at their fields by the form.
    meta: { handledStatuses: [400] },
    onSuccess: (settings) => {
      queryClient.setQueryData(source === 'company' ? companySettingsKeys.detail() : settingsKeys.page(source as SettingsPageName), settings);
    },
  });
}
