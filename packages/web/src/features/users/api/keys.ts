import type { UserListParams } from './users.ts';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
  accountMembership: (id: number) => [...userKeys.all, 'account-membership', id] as const,
  groupMemberships: (userId: number) => [...userKeys.all, 'group-memberships', userId] as const,
  /** Every group the viewer sees, by id: the names of the groups tab and the invite dialog. */
  groups: () => [...userKeys.all, 'groups'] as const,
  groupScans: (groupIds: number[]) => [...userKeys.all, 'group-scans', groupIds] as const,
};
