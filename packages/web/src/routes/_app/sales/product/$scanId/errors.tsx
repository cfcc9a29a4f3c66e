import { createFileRoute } from '@tanstack/react-router';
import { problemListSearch, scanProblemsQueryOptions } from '../../../../../features/scans/api/scan-problems.ts';
import { ProblemsPage } from '../../../../../features/scans/components/problems-page.tsx';

// The scan page's errors list: the file's own problems, nothing of the account.
export const Route = createFileRoute('/_app/sales/product/$scanId/errors')({
  validateSearch: problemListSearch.schema,
  search: { middlewares: problemListSearch.middlewares },
  loaderDeps: ({ search: { limit, offset } }) => ({ limit, offset }),
  loader: ({ context, deps, params }) => context.queryClient.ensureQueryData(scanProblemsQueryOptions(params.scanId, 'error', deps)),
  component: SalesErrorsRoute,
});

function SalesErrorsRoute() {
  const { scanId } = Route.useParams();
  return <ProblemsPage scanId={scanId} level="error" />;
}
