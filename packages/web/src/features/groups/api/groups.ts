import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { groupKeys } from './keys.ts';

export type GroupListParams = NonNullable<paths['/rest/groups/']['get']['parameters']['query']>;

/** Fields the server orders groups by (its OpenAPI document lists the same). */
export const GROUP_ORDERING_FIELDS = ['name', 'id', 'created'] as const;

/** URL state of every group list: q, ordering (default name), limit, offset. */
export const groupListSearch = defineListSearch({ fields: GROUP_ORDERING_FIELDS, defaultOrdering: 'name' });

/** The list's URL state as the API's query; '' means the server's default order. */
export function groupListParams({ q, ordering, limit, offset }: ListParams<(typeof GROUP_ORDERING_FIELDS)[number]>): GroupListParams {
  return { q, limit, offset, ...(ordering === '' ? {} : { ordering }) };
}

/** A group's subgroups: the same list state, filtered by its parent. */
export function subgroupListParams(search: ListParams<(typeof GROUP_ORDERING_FIELDS)[number]>, parent: number): GroupListParams {
  return { ...groupListParams(search), parent };
}

/** The ids of a group's ancestors, root first: search_path "1.4.9" of group 9 → [1, 4]. */
export function ancestorIds(group: Pick<Group, 'id' | 'search_path'>): number[] {
  return group.search_path
    .split('.')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0 && id !== group.id);
}

export function listGroups(params: GroupListParams, signal?: AbortSignal): Promise<Paged<Group>> {
  return unwrap(api.GET('/rest/groups/', { params: { query: params }, signal }));
}

export function getGroup(id: number, signal?: AbortSignal): Promise<Group> {
  return unwrap(api.GET('/rest/groups/{id}/', { params: { path: { id } }, signal }));
}

export const groupsQueryOptions = (params: GroupListParams) =>
  queryOptions({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => listGroups(params, signal),
    placeholderData: keepPreviousData,
  });

export const groupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => getGroup(id, signal),
    // A missing group is shown as the not-found page, not as an error dialog.
    meta: { handledStatuses: [404] },
  });

/** Spec §9: "listing all" uses page size 500: the caller's favourite groups. */
export const FAVOURITES_PARAMS: GroupListParams = { limit: 500, offset: 0, ordering: 'name', favourite: true };

/** Every group the viewer sees, for choosing a parent (spec §9's page of 500). */
export const ALL_VISIBLE_PARAMS: GroupListParams = { limit: 500, offset: 0, ordering: 'name' };

/** A group and the groups below it: search_path "1.4" is 4 itself, "1.4.9" below it, "1.40" neither. */
export function isInSubtree(candidate: Pick<Group, 'search_path'>, root: Pick<Group, 'search_path'>): boolean {
  return candidate.search_path === root.search_path || candidate.search_path.startsWith(`${root.search_path}.`);
}

/** Spec §6: managers of the group (and administrators) may change it; the server stays the authority. */
export function canChangeGroup(group: Pick<Group, 'user_permissions'>): boolean {
  return group.user_permissions.includes('change_appcheckgroup');
}
