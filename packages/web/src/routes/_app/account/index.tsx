import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: /account redirects to its users tab.
export const Route = createFileRoute('/_app/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/users', replace: true });
  },
});
