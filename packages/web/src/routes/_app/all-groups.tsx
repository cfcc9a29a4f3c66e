import { createFileRoute } from '@tanstack/react-router';
import { groupListParams, groupListSearch, groupsQueryOptions } from '../../features/groups/api/groups.ts';
import { GroupsPage } from '../../features/groups/components/groups-page.tsx';

export const Route = createFileRoute('/_app/all-groups')({
  validateSearch: groupListSearch.schema,
  search: { middlewares: groupListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupsQueryOptions(groupListParams(deps))),
  component: AllGroupsRoute,
});

function AllGroupsRoute() {
  return <GroupsPage title="All groups" />;
}
