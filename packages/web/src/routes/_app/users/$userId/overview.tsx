import { createFileRoute } from '@tanstack/react-router';
import { UserOverviewPage } from '../../../../features/users/components/user-overview-page.tsx';

export const Route = createFileRoute('/_app/users/$userId/overview')({
  component: UserOverviewRoute,
});

function UserOverviewRoute() {
  const { userId } = Route.useRouteContext();
  return <UserOverviewPage userId={userId} />;
}
