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
    onSuccess: async (group, body) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      // A move changes the search paths of the whole subtree (their breadcrumbs); a rename
      // only this group's detail, which is set above. Either changes how lists sort and filter.
      const moved = body.parent !== undefined;
      await queryClient.invalidateQueries({ queryKey: moved ? groupKeys.all : groupKeys.lists() });
    },
  });
}
