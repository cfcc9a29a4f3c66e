import { createFileRoute } from '@tanstack/react-router';
import { KernelConfigPage } from '../../../../../features/scans/components/kernel-config-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/details/config')({
  component: DetailsRoute,
});

function DetailsRoute() {
  const { scanId } = Route.useParams();
  return <KernelConfigPage scanId={scanId} />;
}
