import { createFileRoute } from '@tanstack/react-router';
import { scanListParams, scanListSearch, scansQueryOptions } from '../../../../features/scans/api/scans.ts';
import { GroupApplicationsPage } from '../../../../features/scans/components/group-applications-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/applications')({
  validateSearch: scanListSearch.schema,
  search: { middlewares: scanListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    context.queryClient.ensureQueryData(scansQueryOptions(scanListParams(deps, params.groupId))),
  component: GroupApplicationsRoute,
});

function GroupApplicationsRoute() {
  const { groupId } = Route.useParams();
  return <GroupApplicationsPage groupId={groupId} />;
}
