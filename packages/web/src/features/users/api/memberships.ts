import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { AccountMembership, Group, GroupMembership, Paged } from '../../../lib/api-schemas.ts';
import { userKeys } from './keys.ts';

export type GroupRole = GroupMembership['role'];

/** Spec §6 account roles with their names. */
export const ACCOUNT_ROLES = [
  ['AU', 'Administrator'],
  ['BR', 'Bill of materials reviewer'],
  ['BU', 'Basic user'],
  ['CP', 'Custom pattern search manager'],
  ['GP', 'Global project viewer'],
  ['LR', 'License reviewer'],
  ['PU', 'Power user'],
  ['RU', 'Read-only user'],
  ['SM', 'Security manager'],
  ['SR', 'Security reviewer'],
  ['U', 'User'],
  ['VC', 'Vendor component manager'],
  ['VV', 'Vendor vulnerability manager'],
] as const;

export type AccountRole = (typeof ACCOUNT_ROLES)[number][0];

/** The known roles among `roles`, in the table's order. */
export function accountRolesOf(roles: readonly string[]): AccountRole[] {
  return ACCOUNT_ROLES.map(([code]) => code).filter((code) => roles.includes(code));
}

export const GROUP_ROLES: readonly { value: GroupRole; label: string }[] = [
  { value: 'GU', label: 'Member' },
  { value: 'M', label: 'Group manager' },
];

export const accountMembershipQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userKeys.accountMembership(userId),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/account-memberships/{id}/', { params: { path: { id: userId } }, signal })),
  });

export function useUpdateAccountRoles(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: AccountRole[]) => unwrap(api.PATCH('/rest/account-memberships/{id}/', { params: { path: { id: userId } }, body: { roles } })),
    meta: { handledStatuses: [400] },
    onSuccess: (membership: AccountMembership) => queryClient.setQueryData(userKeys.accountMembership(userId), membership),
  });
}

/** Spec §9: listing all uses pages of 500. */
export const userGroupMembershipsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userKeys.groupMemberships(userId),
    queryFn: ({ signal }): Promise<Paged<GroupMembership>> =>
      unwrap(api.GET('/rest/group-memberships/', { params: { query: { user_id: userId, limit: 500, offset: 0 } }, signal })),
  });

/** Every group the viewer sees (the first 500 by name): names for the memberships and the group pickers. */
export const visibleGroupsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.groups(),
    queryFn: ({ signal }): Promise<Paged<Group>> => unwrap(api.GET('/rest/groups/', { params: { query: { limit: 500, offset: 0, ordering: 'name' } }, signal })),
  });

function useRefreshMemberships(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.groupMemberships(userId) }),
      queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }),
    ]);
}

export function useAddGroupMembership(userId: number) {
  const refresh = useRefreshMemberships(userId);
  return useMutation({
    mutationFn: (body: { group_id: number; role: GroupRole }) => unwrap(api.POST('/rest/group-memberships/', { body: { ...body, user_id: userId } })),
    meta: { handledStatuses: [400] },
    onSuccess: refresh,
  });
}

export function useChangeGroupRole(userId: number) {
  const refresh = useRefreshMemberships(userId);
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: GroupRole }) => unwrap(api.PATCH('/rest/group-memberships/{id}/', { params: { path: { id } }, body: { role } })),
    meta: { handledStatuses: [400] },
    onSuccess: refresh,
  });
}

export function useRemoveGroupMembership(userId: number) {
  const refresh = useRefreshMemberships(userId);
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/rest/group-memberships/{id}/', { params: { path: { id } } })),
    meta: { handledStatuses: [400] },
    onSuccess: refresh,
  });
}
