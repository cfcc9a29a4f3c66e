import { createFileRoute } from '@tanstack/react-router';
import { UserApplicationsPage } from '../../../../features/users/components/user-applications-page.tsx';

export const Route = createFileRoute('/_app/users/$userId/applications')({
  component: UserApplicationsRoute,
});

function UserApplicationsRoute() {
  const { userId } = Route.useRouteContext();
  return <UserApplicationsPage userId={userId} />;
}
