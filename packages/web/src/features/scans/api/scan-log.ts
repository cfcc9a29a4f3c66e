import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanLog } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';
import { SCAN_POLL_INTERVAL_MS } from './scan-status.ts';

export function getScanLog(id: number, signal?: AbortSignal): Promise<ScanLog> {
  return unwrap(api.GET('/rest/scans/{id}/scan-log', { params: { path: { id } }, signal }));
}

/** The scan's own log; read again every 3000 ms while the scan is busy, like the scan itself, and once more when it ends. */
export const scanLogQueryOptions = (id: number, busy: boolean) =>
  queryOptions({
    queryKey: [...scanKeys.detail(id), 'scan-log', { busy }] as const,
    queryFn: ({ signal }) => getScanLog(id, signal),
    refetchInterval: busy ? SCAN_POLL_INTERVAL_MS : false,
  });
