import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Comment, Paged } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

/** Spec §7 pages lists 500 at a time; a scan's comments are read whole, oldest first. */
const PAGE = 500;

const commentsKey = (scanId: number) => [...scanKeys.detail(scanId), 'comments'] as const;

export const scanCommentsQueryOptions = (scanId: number) =>
  queryOptions({
    queryKey: commentsKey(scanId),
    queryFn: ({ signal }): Promise<Paged<Comment>> => unwrap(api.GET('/rest/comments/', { params: { query: { product: scanId, limit: PAGE } }, signal })),
  });

export function useScanCommentMutations(scanId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: commentsKey(scanId) });
  return {
    create: useMutation({
      mutationFn: (comment: string) => unwrap(api.POST('/rest/comments/', { body: { product: scanId, comment: comment.trim() } })),
      onSuccess,
      meta: { handledStatuses: [400] },
    }),
    remove: useMutation({
      mutationFn: (id: number) => unwrap(api.DELETE('/rest/comments/{id}/', { params: { path: { id } } })),
      onSuccess,
      meta: { handledStatuses: [403] },
    }),
  };
}
