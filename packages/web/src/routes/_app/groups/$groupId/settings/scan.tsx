import { createFileRoute } from '@tanstack/react-router';
import { groupChangeQueryOptions, groupSettingsQueryOptions } from '../../../../../features/group-settings/api/group-settings.ts';
import { GroupSettingsForm } from '../../../../../features/group-settings/components/group-settings-form.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/scan')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(groupSettingsQueryOptions(params.groupId, 'scan')),
      context.queryClient.ensureQueryData(groupChangeQueryOptions(params.groupId)),
    ]),
  component: ScanSettingsRoute,
});

function ScanSettingsRoute() {
  const { groupId } = Route.useParams();
  return <GroupSettingsForm groupId={groupId} page="scan" />;
}
