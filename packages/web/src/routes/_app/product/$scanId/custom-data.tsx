import { createFileRoute } from '@tanstack/react-router';
import { scanCustomDataQueryOptions } from '../../../../features/scans/api/scan-custom-data.ts';
import { ScanCustomDataPage } from '../../../../features/scans/components/scan-custom-data-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/custom-data')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(scanCustomDataQueryOptions(params.scanId)),
  component: CustomDataRoute,
});

function CustomDataRoute() {
  const { scanId } = Route.useParams();
  return <ScanCustomDataPage scanId={scanId} />;
}
