import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: a group opens on its applications tab.
export const Route = createFileRoute('/_app/groups/$groupId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/groups/$groupId/applications', params, replace: true });
  },
});
