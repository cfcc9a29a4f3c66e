import { createFileRoute } from '@tanstack/react-router';
import { layersQueryOptions } from '../../../../features/scans/api/files.ts';
import { LayersPage } from '../../../../features/scans/components/layers-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/layers')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(layersQueryOptions(params.scanId)),
  component: LayersRoute,
});

function LayersRoute() {
  const { scanId } = Route.useParams();
  return <LayersPage scanId={scanId} />;
}
