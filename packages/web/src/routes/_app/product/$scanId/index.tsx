import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: a scan opens on its analysis tab.
export const Route = createFileRoute('/_app/product/$scanId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/product/$scanId/analysis', params, replace: true });
  },
});
