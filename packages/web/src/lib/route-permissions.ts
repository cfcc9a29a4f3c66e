// Which account permissions a route needs (spec §2 "every account permission required by the
// matched routes must be held"). A route declares them as static data:
//   createFileRoute('/_app/account')({ staticData: { permissions: ['change_companyaccount'] }, ... })
// and the app frame's navigation guard (lib/navigation-guard.ts) checks every matched route
// before anything loads, sending a user who lacks one to /403-forbidden.
import { redirect } from '@tanstack/react-router';
import { hasPermissions, type Permission } from './permissions.ts';
import type { User } from './api-schemas.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Account permissions the route needs; a child route adds to its parents'. */
    permissions?: readonly Permission[];
  }
}

export interface RouteMatchWithPermissions {
  staticData?: { permissions?: readonly Permission[] };
}

/** Every permission the matched routes declare, each once, in order of appearance. */
export function requiredPermissions(matches: readonly RouteMatchWithPermissions[]): Permission[] {
  return [...new Set(matches.flatMap((match) => match.staticData?.permissions ?? []))];
}

/** Throws the redirect to the forbidden page when the user lacks a permission the matched routes need. */
export function assertRoutePermissions(user: Pick<User, 'permissions'>, matches: readonly RouteMatchWithPermissions[]): void {
  if (!hasPermissions(user, requiredPermissions(matches))) throw redirect({ to: '/403-forbidden' });
}
