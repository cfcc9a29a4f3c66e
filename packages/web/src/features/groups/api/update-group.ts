import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group, GroupUpdate } from '../../../lib/api-schemas.ts';
import { groupKeys } from './keys.ts';

/** PATCH with the changed fields only (lib/changed-fields.ts builds the body). */
export function updateGroup(id: number, body: GroupUpdate): Promise<Group> {
  return unwrap(api.PATCH('/rest/groups/{id}/', { params: { path: { id } }, body }));
}

export function useUpdateGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupUpdate) => updateGroup(id, body),
    // 400 field errors are shown at their fields by the form.
    meta: { handledStatuses: [400] },
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      // A new name or parent changes how lists sort and filter; other details are untouched.
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
