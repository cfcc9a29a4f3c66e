import type { Group } from '../../../lib/api-schemas.ts';

export interface TreeRow {
  group: Group;
  depth: number;
  /** Whether the group has subgroups among those shown. */
  hasChildren: boolean;
  /** Matched the search itself (an ancestor shown only to place a match is not). */
  matched: boolean;
}

/**
 * Groups nested by search_path ("1.4.9" sits under 4, under 1), siblings by name. With a
 * search, the matching groups with their ancestors; a group whose parent the viewer cannot
 * see sits at the top. Collapsed groups hide what is below them.
 */
export function treeRows(groups: readonly Group[], q: string, collapsed: ReadonlySet<number>): TreeRow[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const needle = q.trim().toLowerCase();
  const matched = new Set(groups.filter((group) => !needle || group.name.toLowerCase().includes(needle)).map((group) => group.id));
  const shown = new Set<number>();
  for (const id of matched) {
    for (let group = byId.get(id); group && !shown.has(group.id); group = group.parent === null ? undefined : byId.get(group.parent)) shown.add(group.id);
  }
  const children = new Map<number | null, Group[]>();
  for (const group of groups) {
    if (!shown.has(group.id)) continue;
    const parent = group.parent !== null && shown.has(group.parent) ? group.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const rows: TreeRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const group of children.get(parent) ?? []) {
      const hasChildren = (children.get(group.id)?.length ?? 0) > 0;
      rows.push({ group, depth, hasChildren, matched: matched.has(group.id) });
      // A search opens every branch that leads to a match.
      if (hasChildren && (needle || !collapsed.has(group.id))) walk(group.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}
