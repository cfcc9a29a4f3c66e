import { createFileRoute } from '@tanstack/react-router';
import { groupListParams, groupListSearch, groupsQueryOptions } from '../../features/groups/api/groups.ts';
import { GroupsPage } from '../../features/groups/components/groups-page.tsx';

// The server lists only the groups where the user holds a role (spec §6), unless the
// user has change_companyaccount; a dedicated membership filter comes with that API.
export const Route = createFileRoute('/_app/user-groups')({
  validateSearch: groupListSearch.schema,
  search: { middlewares: groupListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupsQueryOptions(groupListParams(deps))),
  component: UserGroupsRoute,
});

function UserGroupsRoute() {
  return <GroupsPage title="My groups" />;
}
