import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsPage } from '../../../../features/users/components/user-settings-page.tsx';

export const Route = createFileRoute('/_app/users/$userId/settings')({
  component: UserSettingsRoute,
});

function UserSettingsRoute() {
  const { userId } = Route.useRouteContext();
  return <UserSettingsPage userId={userId} />;
}
