import { createFileRoute } from '@tanstack/react-router';
import { userListParams, userListSearch, usersQueryOptions } from '../../../features/users/api/users.ts';
import { UsersPage } from '../../../features/users/components/users-page.tsx';

export const Route = createFileRoute('/_app/account/users')({
  staticData: { permissions: ['change_companyaccount'] },
  validateSearch: userListSearch.schema,
  search: { middlewares: userListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersQueryOptions(userListParams(deps))),
  component: UsersPage,
});
