import { createFileRoute } from '@tanstack/react-router';
import { AnalysisPage } from '../../../../features/scans/components/analysis-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/analysis')({
  component: AnalysisRoute,
});

function AnalysisRoute() {
  const { scanId } = Route.useParams();
  return <AnalysisPage scanId={scanId} />;
}
