import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group } from '../../../lib/api-schemas.ts';
import { groupKeys } from './keys.ts';

/** Marks the group as one of the caller's favourites, or unmarks it; the server answers the group. */
export function setFavourite(id: number, favourite: boolean): Promise<Group> {
  const path = { params: { path: { id } } };
  return unwrap(favourite ? api.POST('/rest/groups/{id}/set-favourite/', path) : api.DELETE('/rest/groups/{id}/set-favourite/', path));
}

export function useSetFavourite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favourite: boolean) => setFavourite(id, favourite),
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
