import { createFileRoute } from '@tanstack/react-router';
import { reportListParams, reportListSearch, reportsQueryOptions } from '../../features/reports/api/reports.ts';
import { ReportsPage } from '../../features/reports/components/reports-page.tsx';

export const Route = createFileRoute('/_app/reports')({
  validateSearch: reportListSearch.schema,
  search: { middlewares: reportListSearch.middlewares },
  loaderDeps: ({ search }) => reportListParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(reportsQueryOptions(deps)),
  component: ReportsPage,
});
