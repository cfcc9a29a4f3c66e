import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { AccountUser, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { currentUserQueryOptions } from '../../../lib/current-user.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { userKeys } from './keys.ts';

export type UserListParams = NonNullable<paths['/rest/users/']['get']['parameters']['query']>;

/** Spec §2: /users/{userId} takes a number or `me`. */
export type UserRef = number | 'me';

/** URL state of the account's user list: q and page (the server lists users by id). */
export const userListSearch = defineListSearch({ fields: [] });

export function userListParams({ q, limit, offset }: ListParams): UserListParams {
  return { q, limit, offset };
}

export function listUsers(params: UserListParams, signal?: AbortSignal): Promise<Paged<AccountUser>> {
  return unwrap(api.GET('/rest/users/', { params: { query: params }, signal }));
}

export function getUser(id: number, signal?: AbortSignal): Promise<AccountUser> {
  return unwrap(api.GET('/rest/users/{id}/', { params: { path: { id } }, signal }));
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    // A user the caller may not see is shown as the not-found page, not as an error dialog.
    meta: { handledStatuses: [404] },
  });

/** `me` → the signed-in user's id; a number stays itself. */
export async function resolveUserId(queryClient: QueryClient, ref: UserRef): Promise<number> {
  if (ref !== 'me') return ref;
  return (await queryClient.ensureQueryData(currentUserQueryOptions())).id;
}
