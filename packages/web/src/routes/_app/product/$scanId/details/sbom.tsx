import { createFileRoute } from '@tanstack/react-router';
import { SbomPage } from '../../../../../features/scans/components/sbom-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/details/sbom')({
  component: DetailsRoute,
});

function DetailsRoute() {
  const { scanId } = Route.useParams();
  return <SbomPage scanId={scanId} />;
}
