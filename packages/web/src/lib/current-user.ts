// The signed-in user: read by the root guard, permissions (lib/permissions.ts), the user
// menu and login; app-wide, so it lives in lib rather than in features/auth.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client.ts';
import type { User } from './api-schemas.ts';
import { authKeys } from './auth-keys.ts';

export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return unwrap(api.GET('/rest/users/me/', { signal }));
}

/** The signed-in user; a 401 here means "not logged in", which the root guard handles. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handledStatuses: [401] },
  });

/** Only under the root guard, which has already loaded the user. */
export function useCurrentUser(): User {
  return useSuspenseQuery(currentUserQueryOptions()).data;
}
