import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { GROUP_LIST_DEFAULTS, groupListSearch } from '../../features/groups/api/group-search.ts';
import { groupsQueryOptions } from '../../features/groups/api/groups.ts';
import { GroupsPage } from '../../features/groups/components/groups-page.tsx';

export const Route = createFileRoute('/_app/all-groups')({
  validateSearch: groupListSearch,
  // Defaults stay out of the URL: /all-groups, not /all-groups?limit=25&offset=0.
  search: { middlewares: [stripSearchParams(GROUP_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupsQueryOptions(deps)),
  component: AllGroupsRoute,
});

function AllGroupsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GroupsPage
      title="All groups"
      search={search}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
