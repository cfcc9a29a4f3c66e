import { createFileRoute, redirect } from '@tanstack/react-router';

// A user's page opens on its overview tab.
export const Route = createFileRoute('/_app/users/$userId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/users/$userId/overview', params, replace: true });
  },
});
