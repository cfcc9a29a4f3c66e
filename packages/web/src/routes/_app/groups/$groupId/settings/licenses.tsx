import { createFileRoute } from '@tanstack/react-router';
import { GroupLicensesPage } from '../../../../../features/group-settings/components/group-licenses-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/licenses')({
  component: LicensesSettingsRoute,
});

function LicensesSettingsRoute() {
  const { groupId } = Route.useParams();
  return <GroupLicensesPage groupId={groupId} />;
}
