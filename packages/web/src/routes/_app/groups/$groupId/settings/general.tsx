import { createFileRoute } from '@tanstack/react-router';
import { GroupGeneralSettingsPage } from '../../../../../features/groups/components/group-general-settings-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/general')({
  component: GeneralSettingsRoute,
});

function GeneralSettingsRoute() {
  const { groupId } = Route.useParams();
  return <GroupGeneralSettingsPage groupId={groupId} />;
}
