// Spec §2 "before every navigation", run by the app frame's beforeLoad (routes/_app.tsx) for
// every navigation inside it:
// - with ?checkLoginMessages, the login messages are loaded and shown in a dialog, and the
//   address loses the parameter (a reload or a shared link does not show them again);
// - once, while the company's data is not loaded: the company settings, the current user, their
//   account membership, their group memberships and the system status, then the company's
//   default CVSS version is applied;
// - every account permission the matched routes declare (lib/route-permissions.ts) must be
//   held, otherwise the user goes to /403-forbidden.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../router-context.ts';
import { useUiStateStore } from '../stores/ui-state-store.ts';
import { api, unwrap } from './api-client.ts';
import type { User } from './api-schemas.ts';
import { companySettingsQueryOptions } from './company-settings.ts';
import { currentUserQueryOptions } from './current-user.ts';
import { CHECK_LOGIN_MESSAGES, loginMessagesQueryOptions, useLoginMessagesDialog } from './login-messages.ts';
import { assertRoutePermissions, type RouteMatchWithPermissions } from './route-permissions.ts';
import { systemStatusQueryOptions } from './system-status.ts';

/** What the guard reads of a beforeLoad call; typed apart from the route so the route's own type stays inferable. */
export interface NavigationGuardInput {
  context: RouterContext;
  matches: readonly RouteMatchWithPermissions[];
  location: { pathname: string; search: Record<string, unknown>; hash: string };
}

export async function guardNavigation({ context, matches, location }: NavigationGuardInput): Promise<void> {
  const { queryClient } = context;
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  const checkMessages = CHECK_LOGIN_MESSAGES in location.search;
  if (checkMessages) await showLoginMessages(queryClient);
  if (queryClient.getQueryData(companySettingsQueryOptions().queryKey) === undefined) await loadCompanyData(queryClient, user);
  assertRoutePermissions(user, matches);
  if (checkMessages) {
    const { [CHECK_LOGIN_MESSAGES]: _shown, ...search } = location.search;
    throw redirect({ href: hrefOf(location.pathname, search, location.hash), replace: true });
  }
}

function hrefOf(pathname: string, search: Record<string, unknown>, hash: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

export const accountMembershipQueryOptions = (userId: number) => ({
  queryKey: ['account-memberships', 'detail', userId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/rest/account-memberships/{id}/', { params: { path: { id: userId } }, signal })),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const myGroupMembershipsQueryOptions = (userId: number) => ({
  queryKey: ['group-memberships', 'list', { user_id: userId, limit: 500 }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/rest/group-memberships/', { params: { query: { user_id: userId, limit: 500 } }, signal })),
  staleTime: 60_000,
  retry: false,
});

/**
 * A failed load here does not stop the navigation: each part is asked again by the page that
 * needs it, and the dialogs of lib/query-client.ts report what failed.
 */
async function loadCompanyData(queryClient: QueryClient, user: User): Promise<void> {
  const [settings] = await Promise.allSettled([
    queryClient.ensureQueryData({ ...companySettingsQueryOptions(), retry: false }),
    queryClient.ensureQueryData(accountMembershipQueryOptions(user.id)),
    queryClient.ensureQueryData(myGroupMembershipsQueryOptions(user.id)),
    queryClient.ensureQueryData({ ...systemStatusQueryOptions(), retry: false }),
  ]);
  if (settings.status === 'fulfilled') useUiStateStore.getState().applyDefaultCvssVersion(settings.value.default_cvss_version);
}

async function showLoginMessages(queryClient: QueryClient): Promise<void> {
  try {
    const messages = await queryClient.fetchQuery(loginMessagesQueryOptions());
    if (messages.length > 0) useLoginMessagesDialog.getState().show(messages);
  } catch {
    // Messages are a courtesy: the page opens without them.
  }
}
