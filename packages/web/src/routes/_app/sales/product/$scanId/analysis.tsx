import { createFileRoute } from '@tanstack/react-router';
import { SalesAnalysisPage } from '../../../../../features/sales/components/sales-analysis-page.tsx';
import { ScanSummaryCards } from '../../../../../features/scans/components/scan-summary-panel.tsx';

export const Route = createFileRoute('/_app/sales/product/$scanId/analysis')({
  component: SalesAnalysisRoute,
});

function SalesAnalysisRoute() {
  const { scanId } = Route.useParams();
  // The scan page's summary cards, without their links into the scan page's tabs.
  return <SalesAnalysisPage scanId={scanId} renderSummary={(summary) => <ScanSummaryCards scanId={scanId} summary={summary} links={false} />} />;
}
