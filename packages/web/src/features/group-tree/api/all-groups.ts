import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group } from '../../../lib/api-schemas.ts';
import { defineListSearch } from '../../../lib/list-search.ts';

/** Spec §7: paged lists are followed through links.next, 500 at a time. */
const PAGE = 500;
/** A tree past this many groups is shown in part, with a note. */
export const MAX_TREE_GROUPS = 20_000;

export const groupTreeKeys = {
  all: ['group-tree'] as const,
};

/** The tree's URL state: only q (the list search recipe without ordering or pages). */
export const groupTreeSearch = defineListSearch({ fields: [] });

/** Every group the viewer sees, page after page. */
export async function listAllGroups(signal?: AbortSignal): Promise<{ groups: Group[]; complete: boolean }> {
  const groups: Group[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await unwrap(api.GET('/rest/groups/', { params: { query: { limit: PAGE, offset, ordering: 'name' } }, signal }));
    groups.push(...page.results);
    if (!page.links.next || page.results.length === 0) return { groups, complete: true };
    if (groups.length >= MAX_TREE_GROUPS) return { groups, complete: false };
  }
}

export const allGroupsQueryOptions = () => queryOptions({ queryKey: groupTreeKeys.all, queryFn: ({ signal }) => listAllGroups(signal) });
