// Reports made in the background (GET /rest/reports/, GET/DELETE /rest/reports/{id}/): the
// caller's own, polled while the job makes them.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ReportJob } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { reportKeys } from './keys.ts';

export type ReportListParams = NonNullable<paths['/rest/reports/']['get']['parameters']['query']>;

/** How often a report being made is asked about. */
export const REPORT_POLL_MS = 2000;

/** URL state of the list: newest first (the server's only order), a page at a time. */
export const reportListSearch = defineListSearch({ fields: [] });

export function reportListParams({ limit, offset }: ListParams): ReportListParams {
  return { limit, offset };
}

export function isBeingMade(report: Pick<ReportJob, 'state'>): boolean {
  return report.state === 'queued' || report.state === 'running';
}

/** Where the browser downloads a ready report; `search` (e.g. `?x=1`) is passed on as it is. */
export function reportDownloadUrl(id: number, search = ''): string {
  return `/rest/reports/${id}/download/${search}`;
}

/** How the browser is sent to a download (a page change, so that the browser saves the attachment); replaced in tests. */
export const downloadNavigation = {
  start(url: string): void {
    window.location.assign(url);
  },
};

export const reportsQueryOptions = (params: ReportListParams) =>
  queryOptions({
    queryKey: reportKeys.list(params),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/reports/', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
    // The list follows the reports still being made.
    refetchInterval: (query) => (query.state.data?.results.some(isBeingMade) ? REPORT_POLL_MS : false),
  });

export const reportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reportKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/reports/{id}/', { params: { path: { id } }, signal })),
    refetchInterval: (query) => (query.state.data && isBeingMade(query.state.data) ? REPORT_POLL_MS : false),
  });

export function useRemoveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/reports/{id}/', { params: { path: { id } } })),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: reportKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: reportKeys.lists() });
    },
  });
}
