import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PAGE_DEFAULTS, pageSearch } from '../../../../features/scans/api/scan-search.ts';
import { scansQueryOptions } from '../../../../features/scans/api/scans.ts';
import { GroupApplicationsPage } from '../../../../features/scans/components/group-applications-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/applications')({
  validateSearch: pageSearch,
  // Defaults stay out of the URL: /all-groups, not /all-groups?limit=25&offset=0.
  search: { middlewares: [stripSearchParams(PAGE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    context.queryClient.ensureQueryData(scansQueryOptions({ ...deps, group: params.groupId })),
  component: GroupApplicationsRoute,
});

function GroupApplicationsRoute() {
  const { groupId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GroupApplicationsPage
      groupId={groupId}
      page={search}
      onOffsetChange={(offset) => void navigate({ search: (prev) => ({ ...prev, offset }) })}
    />
  );
}
