import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { membersQueryOptions } from '../../../../features/group-members/api/members.ts';
import { MembersPage } from '../../../../features/group-members/components/members-page.tsx';
import { canChangeGroup, groupQueryOptions } from '../../../../features/groups/api/groups.ts';

export const Route = createFileRoute('/_app/groups/$groupId/members')({
  loader: ({ context, params: { groupId } }) => context.queryClient.ensureQueryData(membersQueryOptions(groupId)),
  component: GroupMembersRoute,
});

function GroupMembersRoute() {
  const { groupId } = Route.useParams();
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  return <MembersPage groupId={groupId} canChange={canChangeGroup(group)} />;
}
