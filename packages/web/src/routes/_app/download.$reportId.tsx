import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { assertReportId, loadReport, reportIdParams } from '../../features/reports/api/report-route.ts';
import { downloadNavigation } from '../../features/reports/api/reports.ts';
import { ReportPage } from '../../features/reports/components/report-page.tsx';

export const Route = createFileRoute('/_app/download/$reportId')({
  params: reportIdParams,
  beforeLoad: assertReportId,
  // 404: no such report, or another user's.
  loader: loadReport,
  component: DownloadRoute,
});

/** Sends the browser to the ready report's file, its query passed on; the report's page until then. */
function DownloadRoute() {
  const { reportId } = Route.useParams();
  const { searchStr } = useLocation();
  const download = useMemo(() => ({ search: searchStr, start: (url: string) => downloadNavigation.start(url) }), [searchStr]);
  return <ReportPage reportId={reportId} download={download} />;
}
