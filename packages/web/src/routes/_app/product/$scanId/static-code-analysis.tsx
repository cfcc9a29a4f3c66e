import { createFileRoute } from '@tanstack/react-router';
import {
  codeFindingListParams,
  codeFindingListSearch,
  codeFindingSearchSchema,
  codeFindingsQueryOptions,
} from '../../../../features/scans/api/code-findings.ts';
import { StaticCodeAnalysisPage } from '../../../../features/scans/components/static-code-analysis-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/static-code-analysis')({
  validateSearch: codeFindingSearchSchema,
  search: { middlewares: codeFindingListSearch.middlewares },
  loaderDeps: ({ search }) => codeFindingListParams(search),
  loader: ({ context, deps, params }) => context.queryClient.ensureQueryData(codeFindingsQueryOptions(params.scanId, deps)),
  component: StaticCodeAnalysisRoute,
});

function StaticCodeAnalysisRoute() {
  const { scanId } = Route.useParams();
  return <StaticCodeAnalysisPage scanId={scanId} />;
}
