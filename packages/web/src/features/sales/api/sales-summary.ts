// GET /rest/sales/scans/{id}/scan_summary/ (spec §7): the summary on top of the sales view's analysis tab.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanSummary } from '../../../lib/api-schemas.ts';
import { salesKeys } from './keys.ts';

export function getSalesScanSummary(id: number, signal?: AbortSignal): Promise<ScanSummary> {
  return unwrap(api.GET('/rest/sales/scans/{id}/scan_summary/', { params: { path: { id } }, signal }));
}

/** Only asked for once the scan is ready; a summary made without vulnerability data is asked again at each visit; 409 shows in place. */
export const salesScanSummaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: salesKeys.summary(id),
    queryFn: ({ signal }) => getSalesScanSummary(id, signal),
    staleTime: (query) => (query.state.data?.knowledge_base.updated === null ? 0 : 5 * 60_000),
    meta: { handledStatuses: [409] },
  });
