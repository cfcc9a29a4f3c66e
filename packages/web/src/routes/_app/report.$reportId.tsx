import { createFileRoute, notFound } from '@tanstack/react-router';
import { reportQueryOptions } from '../../features/reports/api/reports.ts';
import { ReportPage } from '../../features/reports/components/report-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isValidId, parseId } from '../../lib/route-params.ts';

export const Route = createFileRoute('/_app/report/$reportId')({
  params: {
    parse: ({ reportId }) => ({ reportId: parseId(reportId) }),
    stringify: ({ reportId }) => ({ reportId: String(reportId) }),
  },
  beforeLoad: ({ params }) => {
    if (!isValidId(params.reportId)) throw notFound();
  },
  // 404: no such report, or another user's.
  loader: async ({ context, params: { reportId } }) => {
    try {
      await context.queryClient.ensureQueryData(reportQueryOptions(reportId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: ReportRoute,
});

function ReportRoute() {
  const { reportId } = Route.useParams();
  return <ReportPage reportId={reportId} />;
}
