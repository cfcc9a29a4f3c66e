// Spec §2 "before every navigation", run by the app frame's beforeLoad (routes/_app.tsx) for
// every navigation inside it: the signed-in user's data is loaded once, then every account
// permission the matched routes declare (lib/route-permissions.ts) must be held.
import type { RouterContext } from '../router-context.ts';
import { currentUserQueryOptions } from './current-user.ts';
import { assertRoutePermissions, type RouteMatchWithPermissions } from './route-permissions.ts';

/** What the guard reads of a beforeLoad call; typed apart from the route so the route's own type stays inferable. */
export interface NavigationGuardInput {
  context: RouterContext;
  matches: readonly RouteMatchWithPermissions[];
}

export async function guardNavigation({ context, matches }: NavigationGuardInput): Promise<void> {
  const user = await context.queryClient.ensureQueryData(currentUserQueryOptions());
  assertRoutePermissions(user, matches);
}
