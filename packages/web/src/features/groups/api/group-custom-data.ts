import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { GroupCustomData, GroupCustomDataCreate, Paged } from '../../../lib/api-schemas.ts';
import { type CustomDataChange, normaliseCustomData } from '../../../lib/custom-data.ts';
import { groupKeys } from './keys.ts';

/** Spec §7 pages lists 500 at a time; a group's custom data is read whole. */
const PAGE = 500;

const customDataKey = (groupId: number) => [...groupKeys.detail(groupId), 'custom-data'] as const;

export const groupCustomDataQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: customDataKey(groupId),
    queryFn: ({ signal }): Promise<Paged<GroupCustomData>> =>
      unwrap(api.GET('/rest/groups/{id}/custom_data/', { params: { path: { id: groupId }, query: { limit: PAGE } }, signal })),
  });

/** Add, change the value of, and remove an entry (named by its key); each refreshes the list. */
export function useGroupCustomDataMutations(groupId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: customDataKey(groupId) });
  const path = { params: { path: { id: groupId } } };
  const handled = { handledStatuses: [400] };
  return {
    create: useMutation({
      mutationFn: (body: GroupCustomDataCreate) => unwrap(api.POST('/rest/groups/{id}/custom_data/', { ...path, body: normaliseCustomData(body) })),
      onSuccess,
      meta: handled,
    }),
    update: useMutation({
      // The key names the entry: only its value changes.
      mutationFn: ({ entry, change }: CustomDataChange<GroupCustomData>) =>
        unwrap(api.PATCH('/rest/groups/{id}/custom_data/', { ...path, body: normaliseCustomData({ key: entry.key, value: change.value ?? entry.value }) })),
      onSuccess,
      meta: handled,
    }),
    remove: useMutation({
      mutationFn: ({ key }: GroupCustomData) => unwrap(api.DELETE('/rest/groups/{id}/custom_data/', { params: { path: { id: groupId }, query: { key } } })),
      onSuccess,
    }),
  };
}
