import { createFileRoute, redirect } from '@tanstack/react-router';

// Spec §2: details opens on analysis-settings.
export const Route = createFileRoute('/_app/product/$scanId/details/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/product/$scanId/details/analysis-settings', params, replace: true });
  },
});
