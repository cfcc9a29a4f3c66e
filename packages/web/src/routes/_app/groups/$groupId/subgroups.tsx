import { createFileRoute } from '@tanstack/react-router';
import { groupListSearch, groupsQueryOptions, subgroupListParams } from '../../../../features/groups/api/groups.ts';
import { SubgroupsPage } from '../../../../features/groups/components/subgroups-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/subgroups')({
  validateSearch: groupListSearch.schema,
  search: { middlewares: groupListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, params }) =>
    context.queryClient.ensureQueryData(groupsQueryOptions(subgroupListParams(deps, params.groupId))),
  component: SubgroupsRoute,
});

function SubgroupsRoute() {
  const { groupId } = Route.useParams();
  return <SubgroupsPage groupId={groupId} />;
}
