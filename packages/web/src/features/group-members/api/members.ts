import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { AccountUser, GroupMembership } from '../../../lib/api-schemas.ts';

export type GroupRole = GroupMembership['role'];

/** Spec §6 group roles. */
export const GROUP_ROLES: { value: GroupRole; label: string }[] = [
  { value: 'GU', label: 'Member' },
  { value: 'M', label: 'Group manager' },
];

/** A membership with its user's email (null when the user is not one the caller may see). */
export interface Member {
  membership: GroupMembership;
  email: string | null;
}

/** Spec §7/§9: pages of 500; users fetched by ids in chunks of 100. */
const PAGE = 500;
const ID_CHUNK = 100;

export const memberKeys = {
  all: ['group-members'] as const,
  list: (groupId: number) => [...memberKeys.all, 'list', groupId] as const,
  userSearch: (q: string) => [...memberKeys.all, 'user-search', q] as const,
};

export async function listMembers(groupId: number, signal?: AbortSignal): Promise<Member[]> {
  const memberships: GroupMembership[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await unwrap(api.GET('/rest/group-memberships/', { params: { query: { group_id: groupId, limit: PAGE, offset } }, signal }));
    memberships.push(...page.results);
    if (!page.links.next || page.results.length === 0) break;
  }
  const emails = new Map<number, string>();
  const ids = [...new Set(memberships.map((m) => m.user_id))];
  for (let start = 0; start < ids.length; start += ID_CHUNK) {
    const chunk = ids.slice(start, start + ID_CHUNK);
    const users = await unwrap(api.GET('/rest/users/', { params: { query: { ids: chunk.join(','), limit: chunk.length } }, signal }));
    for (const user of users.results) emails.set(user.id, user.email);
  }
  return memberships
    .map((membership) => ({ membership, email: emails.get(membership.user_id) ?? null }))
    .sort((a, b) => (a.email ?? '').localeCompare(b.email ?? '') || a.membership.id - b.membership.id);
}

export const membersQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: memberKeys.list(groupId), queryFn: ({ signal }) => listMembers(groupId, signal) });

/** Users whose email or name contains q, to add to the group. */
export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: memberKeys.userSearch(q),
    queryFn: async ({ signal }): Promise<AccountUser[]> => (await unwrap(api.GET('/rest/users/', { params: { query: { q, limit: 20 } }, signal }))).results,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useAddMember(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: GroupRole }) => unwrap(api.POST('/rest/group-memberships/', { body: { group_id: groupId, user_id: userId, role } })),
    meta: { handledStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(groupId) }),
  });
}

export function useChangeRole(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: GroupRole }) => unwrap(api.PATCH('/rest/group-memberships/{id}/', { params: { path: { id } }, body: { role } })),
    meta: { handledStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(groupId) }),
  });
}

export function useRemoveMember(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/group-memberships/{id}/', { params: { path: { id } } })),
    meta: { handledStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(groupId) }),
  });
}
