import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: /account redirects to its users tab (a route of the users area, named by address).
export const Route = createFileRoute('/_app/account/')({
  beforeLoad: () => {
    throw redirect({ href: '/account/users', replace: true });
  },
});
