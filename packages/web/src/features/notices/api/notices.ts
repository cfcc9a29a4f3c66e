import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../lib/api-client.ts';
import type { Notice, Paged } from '../../../lib/api-schemas.ts';

export const noticeKeys = {
  all: ['notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
};

export function listNotices(signal?: AbortSignal): Promise<Paged<Notice>> {
  return unwrap(api.GET('/rest/notices/', { params: { query: { limit: 1 } }, signal }));
}

export function getNotice(id: number, signal?: AbortSignal): Promise<Notice> {
  return unwrap(api.GET('/rest/notices/{id}/', { params: { path: { id } }, signal }));
}

export const noticeQueryOptions = (id: number) =>
  queryOptions({ queryKey: noticeKeys.detail(id), queryFn: ({ signal }) => getNotice(id, signal), meta: { handledStatuses: [404] } });

/** A hosted deployment has no notices: its list answers 404 (the server's BINLENS_DEPLOYMENT). Asked once. */
export async function isHostedDeployment(queryClient: QueryClient): Promise<boolean> {
  try {
    await queryClient.fetchQuery({
      queryKey: noticeKeys.list(),
      queryFn: ({ signal }) => listNotices(signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      meta: { handledStatuses: [404] },
    });
    return false;
  } catch (error) {
    return error instanceof ApiError && error.status === 404;
  }
}
