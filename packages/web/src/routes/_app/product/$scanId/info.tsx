import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PAGE_DEFAULTS, pageSearch } from '../../../../features/scans/api/scan-search.ts';
import { scanProblemsQueryOptions } from '../../../../features/scans/api/scan-problems.ts';
import { ProblemsPage } from '../../../../features/scans/components/problems-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/info')({
  validateSearch: pageSearch,
  // Defaults stay out of the URL: /all-groups, not /all-groups?limit=25&offset=0.
  search: { middlewares: [stripSearchParams(PAGE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    context.queryClient.ensureQueryData(scanProblemsQueryOptions(params.scanId, 'info', deps)),
  component: ProblemsRoute,
});

function ProblemsRoute() {
  const { scanId } = Route.useParams();
  const page = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProblemsPage
      scanId={scanId}
      level="info"
      page={page}
      onOffsetChange={(offset) => void navigate({ search: (prev) => ({ ...prev, offset }) })}
    />
  );
}
