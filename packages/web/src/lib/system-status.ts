// The system status (spec §7 GET /system-status/): loaded with the company's data before the
// first navigation and shown by the app frame's banner; app-wide, so it lives in lib.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client.ts';
import type { SystemStatus } from './api-schemas.ts';

export const systemStatusKeys = {
  all: ['system-status'] as const,
};

export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus[]> {
  return unwrap(api.GET('/rest/system-status/', { signal }));
}

export const systemStatusQueryOptions = () =>
  queryOptions({ queryKey: systemStatusKeys.all, queryFn: ({ signal }) => getSystemStatus(signal), staleTime: 60_000, refetchInterval: 5 * 60_000 });

/** Entries that warrant a banner: anything but info. */
export function notableStatus(entries: readonly SystemStatus[]): SystemStatus[] {
  return entries.filter((entry) => entry.level !== 'info');
}
