// GET /rest/scans/{id}/scan_summary/: the verdict and counts on top of a ready scan's analysis tab.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanSummary } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

/** Under the scan's detail key: whatever refreshes the scan (a rescan, a removal) refreshes its summary. */
export const scanSummaryKey = (id: number) => [...scanKeys.detail(id), 'summary'] as const;

export function getScanSummary(id: number, signal?: AbortSignal): Promise<ScanSummary> {
  return unwrap(api.GET('/rest/scans/{id}/scan_summary/', { params: { path: { id } }, signal }));
}

/**
 * Only asked for once the scan is ready. Like its result, its vulnerabilities follow the
 * knowledge base: a summary made without data is asked again at each visit. 409 (the scan is
 * no longer ready) is shown in place.
 */
export const scanSummaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanSummaryKey(id),
    queryFn: ({ signal }) => getScanSummary(id, signal),
    staleTime: (query) => (query.state.data?.knowledge_base.updated === null ? 0 : 5 * 60_000),
    meta: { handledStatuses: [409] },
  });
