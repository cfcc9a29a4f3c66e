import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { GroupCustomData, GroupCustomDataCreate, Paged } from '../../../lib/api-schemas.ts';
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

/** Spec §5: the key is upper-cased and the value trimmed before sending. */
export const normaliseEntry = ({ key, value }: GroupCustomDataCreate): GroupCustomDataCreate => ({ key: key.trim().toUpperCase(), value: value.trim() });

/** Add, change the value of, and remove an entry (named by its key); each refreshes the list. */
export function useGroupCustomDataMutations(groupId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: customDataKey(groupId) });
  const path = { params: { path: { id: groupId } } };
  const handled = { handledStatuses: [400] };
  return {
    create: useMutation({
      mutationFn: (body: GroupCustomDataCreate) => unwrap(api.POST('/rest/groups/{id}/custom_data/', { ...path, body: normaliseEntry(body) })),
      onSuccess,
      meta: handled,
    }),
    update: useMutation({
      mutationFn: (body: GroupCustomDataCreate) => unwrap(api.PATCH('/rest/groups/{id}/custom_data/', { ...path, body: normaliseEntry(body) })),
      onSuccess,
      meta: handled,
    }),
    remove: useMutation({
      mutationFn: (key: string) => unwrap(api.DELETE('/rest/groups/{id}/custom_data/', { params: { path: { id: groupId }, query: { key } } })),
      onSuccess,
    }),
  };
}
