import { createFileRoute, redirect } from '@tanstack/react-router';
import { canChangeGroup, groupQueryOptions } from '../../../../features/groups/api/groups.ts';
import { GroupSettingsLayout } from '../../../../features/groups/components/group-settings-layout.tsx';

// Spec §2/§6: a group's settings are for those who may change it; anyone else goes to the
// forbidden page. A group the viewer cannot see is the parent route's not-found.
export const Route = createFileRoute('/_app/groups/$groupId/settings')({
  beforeLoad: async ({ context, params }) => {
    const group = await context.queryClient.ensureQueryData(groupQueryOptions(params.groupId)).catch(() => null);
    if (group && !canChangeGroup(group)) throw redirect({ to: '/403-forbidden' });
  },
  component: GroupSettingsLayout,
});
