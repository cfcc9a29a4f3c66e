import { createFileRoute } from '@tanstack/react-router';
import { UserGroupsPage } from '../../../../features/users/components/user-groups-page.tsx';

export const Route = createFileRoute('/_app/users/$userId/groups')({
  component: UserGroupsRoute,
});

function UserGroupsRoute() {
  const { userId } = Route.useRouteContext();
  return <UserGroupsPage userId={userId} />;
}
