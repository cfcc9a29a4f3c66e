import { createFileRoute } from '@tanstack/react-router';
import { AuthenticationPage } from '../../../../features/authentication/components/authentication-page.tsx';

export const Route = createFileRoute('/_app/users/$userId/authentication')({
  component: AuthenticationRoute,
});

function AuthenticationRoute() {
  const { userId } = Route.useRouteContext();
  return <AuthenticationPage userId={userId} />;
}
