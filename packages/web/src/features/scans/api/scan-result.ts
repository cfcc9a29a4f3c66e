import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanResult } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

export function getScanResult(id: number, signal?: AbortSignal): Promise<ScanResult> {
  return unwrap(api.GET('/rest/scans/{id}/result/', { params: { path: { id } }, signal }));
}

/**
 * Only asked for once the scan is ready. Its components never change, but its vulnerabilities
 * follow the knowledge base: a result evaluated without data is asked again at each visit.
 */
export const scanResultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanKeys.result(id),
    queryFn: ({ signal }) => getScanResult(id, signal),
    staleTime: (query) => (query.state.data?.knowledge_base.updated === null ? 0 : 5 * 60_000),
  });
