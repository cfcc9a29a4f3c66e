// Account permissions (spec §6). The server stays the authority; the UI only hides
// what a user can never do and sends them to the forbidden page on guarded routes.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from './current-user.ts';
import type { User } from './api-schemas.ts';

export type Permission =
  | 'change_companyaccount'
  | 'change_infoleakcustomregex'
  | 'add_vulnerabilityinvalidation'
  | 'view_allaccountgroup'
  | 'view_appcheckgroup';

export function hasPermissions(user: Pick<User, 'permissions'> | undefined, required: Permission[]): boolean {
  if (!user) return false;
  return required.every((permission) => user.permissions.includes(permission));
}

/** A route guard: `beforeLoad: requirePermissions(['change_companyaccount'])`. */
export function requirePermissions(required: Permission[]) {
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
    if (!hasPermissions(user, required)) throw redirect({ to: '/403-forbidden' });
  };
}

export function usePermission(...required: Permission[]): boolean {
  const { data } = useQuery(currentUserQueryOptions());
  return hasPermissions(data, required);
}
