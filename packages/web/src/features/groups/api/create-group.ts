import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group, GroupCreate } from '../../../lib/api-schemas.ts';
import { groupKeys } from './keys.ts';

export function createGroup(body: GroupCreate): Promise<Group> {
  return unwrap(api.POST('/rest/groups/', { body }));
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    meta: { handledStatuses: [400] },
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
