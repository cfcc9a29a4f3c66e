// GET /rest/scans/{id}/result/: the components the sales view's analysis tab lists.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanResult } from '../../../lib/api-schemas.ts';
import { salesKeys } from './keys.ts';

export function getSalesResult(id: number, signal?: AbortSignal): Promise<ScanResult> {
  return unwrap(api.GET('/rest/scans/{id}/result/', { params: { path: { id } }, signal }));
}

/** Only asked for once the scan is ready; its vulnerabilities follow the knowledge base, so a result made without data is asked again. */
export const salesResultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: salesKeys.result(id),
    queryFn: ({ signal }) => getSalesResult(id, signal),
    staleTime: (query) => (query.state.data?.knowledge_base.updated === null ? 0 : 5 * 60_000),
    meta: { handledStatuses: [409] },
  });
