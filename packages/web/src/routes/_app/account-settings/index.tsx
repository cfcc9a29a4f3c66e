import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: account settings open on bom.
export const Route = createFileRoute('/_app/account-settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/account-settings/bom', replace: true });
  },
});
