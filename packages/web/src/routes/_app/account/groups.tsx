import { createFileRoute } from '@tanstack/react-router';
import { NewGroupButton } from '../../../features/groups/components/new-group-button.tsx';
import { allGroupsQueryOptions, groupTreeSearch } from '../../../features/group-tree/api/all-groups.ts';
import { GroupTreePage } from '../../../features/group-tree/components/group-tree-page.tsx';

export const Route = createFileRoute('/_app/account/groups')({
  validateSearch: groupTreeSearch.schema,
  search: { middlewares: groupTreeSearch.middlewares },
  loader: ({ context }) => context.queryClient.ensureQueryData(allGroupsQueryOptions()),
  component: AccountGroupsRoute,
});

function AccountGroupsRoute() {
  return <GroupTreePage actions={<NewGroupButton />} />;
}
