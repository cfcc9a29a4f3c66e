import type { Group } from '../../../lib/api-schemas.ts';
import { ancestorIds, isInSubtree } from '../api/groups.ts';

export interface ParentChoice {
  value: string;
  label: string;
}

/** The Select's value for "no parent". */
export const TOP_LEVEL = '';

/**
 * Where `group` may move: the top level, or any visible group outside its own subtree, each
 * labelled by its whole path ("Product line / Routers") since names repeat in different places.
 * A current parent the list does not hold (not visible) stays choosable as "…".
 */
export function parentChoices(group: Group, visible: readonly Group[]): ParentChoice[] {
  const names = new Map(visible.map((candidate) => [candidate.id, candidate.name]));
  const pathOf = (candidate: Group) =>
    [...ancestorIds(candidate), candidate.id].map((id) => names.get(id) ?? '…').join(' / ');
  const choices = visible
    .filter((candidate) => !isInSubtree(candidate, group))
    .map((candidate) => ({ value: String(candidate.id), label: pathOf(candidate) }))
    .toSorted((a, b) => a.label.localeCompare(b.label));
  if (group.parent !== null && !names.has(group.parent)) choices.unshift({ value: String(group.parent), label: '…' });
  return [{ value: TOP_LEVEL, label: '(top level)' }, ...choices];
}
