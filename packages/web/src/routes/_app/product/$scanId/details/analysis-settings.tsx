import { createFileRoute } from '@tanstack/react-router';
import { AnalysisSettingsPage } from '../../../../../features/scans/components/analysis-settings-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/details/analysis-settings')({
  component: DetailsRoute,
});

function DetailsRoute() {
  const { scanId } = Route.useParams();
  return <AnalysisSettingsPage scanId={scanId} />;
}
