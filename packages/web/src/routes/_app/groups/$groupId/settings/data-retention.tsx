import { createFileRoute } from '@tanstack/react-router';
import { groupChangeQueryOptions, groupSettingsQueryOptions } from '../../../../../features/group-settings/api/group-settings.ts';
import { GroupSettingsForm } from '../../../../../features/group-settings/components/group-settings-form.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/data-retention')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(groupSettingsQueryOptions(params.groupId, 'data-retention')),
      context.queryClient.ensureQueryData(groupChangeQueryOptions(params.groupId)),
    ]),
  component: DataRetentionSettingsRoute,
});

function DataRetentionSettingsRoute() {
  const { groupId } = Route.useParams();
  return <GroupSettingsForm groupId={groupId} page="data-retention" />;
}
