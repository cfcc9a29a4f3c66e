import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PAGE_DEFAULTS, pageSearch } from '../../features/scans/api/scan-search.ts';
import { scansQueryOptions } from '../../features/scans/api/scans.ts';
import { ScansPage } from '../../features/scans/components/scans-page.tsx';

export const Route = createFileRoute('/_app/applications')({
  validateSearch: pageSearch,
  // Defaults stay out of the URL: /all-groups, not /all-groups?limit=25&offset=0.
  search: { middlewares: [stripSearchParams(PAGE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(scansQueryOptions(deps)),
  component: ApplicationsRoute,
});

function ApplicationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ScansPage
      title="Applications"
      params={search}
      showGroup
      onOffsetChange={(offset) => void navigate({ search: (prev) => ({ ...prev, offset }) })}
    />
  );
}
