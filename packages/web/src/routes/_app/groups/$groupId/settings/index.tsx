import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: a group's settings open on general.
export const Route = createFileRoute('/_app/groups/$groupId/settings/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/groups/$groupId/settings/general', params, replace: true });
  },
});
