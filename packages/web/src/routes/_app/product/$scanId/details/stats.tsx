import { createFileRoute } from '@tanstack/react-router';
import { ScanStatsPage } from '../../../../../features/scans/components/scan-stats-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/details/stats')({
  component: DetailsRoute,
});

function DetailsRoute() {
  const { scanId } = Route.useParams();
  return <ScanStatsPage scanId={scanId} />;
}
