import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { GroupWebhook, GroupWebhookBody, GroupWebhookSaved } from '../../../lib/api-schemas.ts';

export const groupWebhookKeys = {
  all: ['group-webhook'] as const,
  detail: (groupId: number) => [...groupWebhookKeys.all, groupId] as const,
};

export function getGroupWebhook(groupId: number, signal?: AbortSignal): Promise<GroupWebhook> {
  return unwrap(api.GET('/rest/groups/{id}/webhook/', { params: { path: { id: groupId } }, signal }));
}

export const groupWebhookQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupWebhookKeys.detail(groupId), queryFn: ({ signal }) => getGroupWebhook(groupId, signal) });

/** Saves the URL (and makes a new secret when asked); the answer carries the secret only when one was made. */
export function useSaveGroupWebhook(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupWebhookBody): Promise<GroupWebhookSaved> => unwrap(api.PUT('/rest/groups/{id}/webhook/', { params: { path: { id: groupId } }, body })),
    // 400 is shown under the field.
    meta: { handledStatuses: [400] },
    onSuccess: (saved) => {
      queryClient.setQueryData(groupWebhookKeys.detail(groupId), { url: saved.url, created: saved.created, updated: saved.updated });
    },
  });
}

export function useRemoveGroupWebhook(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/rest/groups/{id}/webhook/', { params: { path: { id: groupId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupWebhookKeys.detail(groupId) }),
  });
}
