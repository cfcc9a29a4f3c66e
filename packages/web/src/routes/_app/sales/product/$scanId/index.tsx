import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: the sales view opens on its analysis tab.
export const Route = createFileRoute('/_app/sales/product/$scanId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/sales/product/$scanId/analysis', params, replace: true });
  },
});
