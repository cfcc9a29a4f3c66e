import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { LicenseUsageReport } from '../../../lib/api-schemas.ts';

export const licenseUsageKeys = {
  all: ['license-usage'] as const,
};

export function getLicenseUsage(signal?: AbortSignal): Promise<LicenseUsageReport> {
  return unwrap(api.GET('/rest/license-usage/', { signal }));
}

export const licenseUsageQueryOptions = () => queryOptions({ queryKey: licenseUsageKeys.all, queryFn: ({ signal }) => getLicenseUsage(signal) });
