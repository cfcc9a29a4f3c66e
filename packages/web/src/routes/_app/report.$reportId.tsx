import { createFileRoute } from '@tanstack/react-router';
import { assertReportId, loadReport, reportIdParams } from '../../features/reports/api/report-route.ts';
import { ReportPage } from '../../features/reports/components/report-page.tsx';

export const Route = createFileRoute('/_app/report/$reportId')({
  params: reportIdParams,
  beforeLoad: assertReportId,
  // 404: no such report, or another user's.
  loader: loadReport,
  component: ReportRoute,
});

function ReportRoute() {
  const { reportId } = Route.useParams();
  return <ReportPage reportId={reportId} />;
}
