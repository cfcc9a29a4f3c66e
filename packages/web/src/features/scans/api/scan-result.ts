import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanResult } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

export function getScanResult(id: number, signal?: AbortSignal): Promise<ScanResult> {
  return unwrap(api.GET('/rest/scans/{id}/result/', { params: { path: { id } }, signal }));
}

/** Only asked for once the scan is ready; a result never changes for a finished run. */
export const scanResultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanKeys.result(id),
    queryFn: ({ signal }) => getScanResult(id, signal),
    staleTime: 5 * 60_000,
  });
