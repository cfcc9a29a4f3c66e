import { createFileRoute } from '@tanstack/react-router';
import { groupCustomDataQueryOptions } from '../../../../../features/groups/api/group-custom-data.ts';
import { GroupCustomDataPage } from '../../../../../features/groups/components/group-custom-data-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/group-custom-data')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(groupCustomDataQueryOptions(params.groupId)),
  component: GroupCustomDataRoute,
});

function GroupCustomDataRoute() {
  const { groupId } = Route.useParams();
  return <GroupCustomDataPage groupId={groupId} />;
}
