import { createFileRoute } from '@tanstack/react-router';
import { scanListSearch, scansQueryOptions } from '../../../../features/scans/api/scans.ts';
import { scanListRequest, validateScanListSearch } from '../../../../features/scans/api/scan-filters.ts';
import { GroupApplicationsPage } from '../../../../features/scans/components/group-applications-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/applications')({
  validateSearch: validateScanListSearch,
  search: { middlewares: scanListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    context.queryClient.ensureQueryData(scansQueryOptions(scanListRequest(deps, params.groupId))),
  component: GroupApplicationsRoute,
});

function GroupApplicationsRoute() {
  const { groupId } = Route.useParams();
  return <GroupApplicationsPage groupId={groupId} />;
}
