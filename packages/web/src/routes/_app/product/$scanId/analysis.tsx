import { createFileRoute } from '@tanstack/react-router';
import { analysisSearchSchema } from '../../../../features/scans/api/analysis-filters.ts';
import { AnalysisPage } from '../../../../features/scans/components/analysis-page.tsx';
import { TriageSelectedButton } from '../../../../features/triages/components/triage-dialog.tsx';
import { ComponentAdjustments } from '../../../../features/overrides/components/component-adjustments.tsx';

export const Route = createFileRoute('/_app/product/$scanId/analysis')({
  validateSearch: analysisSearchSchema,
  component: AnalysisRoute,
});

function AnalysisRoute() {
  const { scanId } = Route.useParams();
  return (
    <AnalysisPage
      scanId={scanId}
      triageAction={(props) => <TriageSelectedButton {...props} />}
      adjustmentsAction={(props) => <ComponentAdjustments {...props} />}
    />
  );
}
