import { createFileRoute, notFound, useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { downloadNavigation, reportQueryOptions } from '../../features/reports/api/reports.ts';
import { ReportPage } from '../../features/reports/components/report-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isValidId, parseId } from '../../lib/route-params.ts';

export const Route = createFileRoute('/_app/download/$reportId')({
  params: {
    parse: ({ reportId }) => ({ reportId: parseId(reportId) }),
    stringify: ({ reportId }) => ({ reportId: String(reportId) }),
  },
  beforeLoad: ({ params }) => {
    if (!isValidId(params.reportId)) throw notFound();
  },
  loader: async ({ context, params: { reportId } }) => {
    try {
      await context.queryClient.ensureQueryData(reportQueryOptions(reportId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: DownloadRoute,
});

/** Sends the browser to the ready report's file, its query passed on; the report's page until then. */
function DownloadRoute() {
  const { reportId } = Route.useParams();
  const { searchStr } = useLocation();
  const download = useMemo(() => ({ search: searchStr, start: (url: string) => downloadNavigation.start(url) }), [searchStr]);
  return <ReportPage reportId={reportId} download={download} />;
}
