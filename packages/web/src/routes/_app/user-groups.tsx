import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { GROUP_LIST_DEFAULTS, groupListSearch } from '../../features/groups/api/group-search.ts';
import { groupsQueryOptions } from '../../features/groups/api/groups.ts';
import { GroupsPage } from '../../features/groups/components/groups-page.tsx';

// The server lists only the groups where the user holds a role (spec §6), unless the
// user has change_companyaccount; a dedicated membership filter comes with that API.
export const Route = createFileRoute('/_app/user-groups')({
  validateSearch: groupListSearch,
  // Defaults stay out of the URL: /all-groups, not /all-groups?limit=25&offset=0.
  search: { middlewares: [stripSearchParams(GROUP_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupsQueryOptions(deps)),
  component: UserGroupsRoute,
});

function UserGroupsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GroupsPage
      title="My groups"
      search={search}
      onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
