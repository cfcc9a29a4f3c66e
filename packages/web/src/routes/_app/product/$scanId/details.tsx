import { createFileRoute } from '@tanstack/react-router';
import { scanMetadataQueryOptions } from '../../../../features/scans/api/scan-metadata.ts';
import { ScanDetailsLayout } from '../../../../features/scans/components/scan-details-layout.tsx';

export const Route = createFileRoute('/_app/product/$scanId/details')({
  // Fetched ahead for the children that read it; each shows its own error (409 while busy).
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(scanMetadataQueryOptions(params.scanId)),
  component: ScanDetailsRoute,
});

function ScanDetailsRoute() {
  const { scanId } = Route.useParams();
  return <ScanDetailsLayout scanId={scanId} />;
}
