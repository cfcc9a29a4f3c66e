import { createFileRoute } from '@tanstack/react-router';
import { UserPermissionsPage } from '../../../../features/users/components/user-permissions-page.tsx';

export const Route = createFileRoute('/_app/users/$userId/permissions')({
  staticData: { permissions: ['change_companyaccount'] },
  component: UserPermissionsRoute,
});

function UserPermissionsRoute() {
  const { userId } = Route.useRouteContext();
  return <UserPermissionsPage userId={userId} />;
}
