// Which of a scan's findings the triages that reach it hold for: a triage holds for every
// finding with its value key, and a file-hash (FH) triage only in the file with its hash
// (adjustments/scope.ts ruleReachesFiles). Built once per request from the scan's triages.
import { not, sql, type SQL } from 'drizzle-orm';
import { ruleReachesFiles } from '../adjustments/scope.ts';
import type { StoredLeak } from './leak-items.ts';
import type { InfoleakTriageRecord } from './repository.ts';
import type { InfoleakTriage, InfoleakTriageRationale } from './schemas.ts';
import { infoleakValueKey, leaksHeldWhere } from './value-key.ts';

export interface LeakTriageReach {
  /** No triage holds for any finding read. */
  readonly empty: boolean;
  /** The rows of a list: the triaged findings (true) or the matched ones (false); undefined for every row. */
  where(triaged: boolean): SQL | undefined;
  /** The triages that hold for a stored finding, oldest first. */
  triagesOf(leak: StoredLeak): InfoleakTriage[];
}

export const NO_REACH: LeakTriageReach = {
  empty: true,
  where: (triaged) => (triaged ? sql`false` : undefined),
  triagesOf: () => [],
};

/**
 * The reach of `rules` (all reaching the scan). `candidates` are the scan's findings whose value
 * an FH rule names, and `hashes` the SHA-1 of each one's file by JSON.stringify(path).
 */
export function buildReach(rules: readonly InfoleakTriageRecord[], candidates: readonly StoredLeak[], hashes: ReadonlyMap<string, string | null>): LeakTriageReach {
  const byValue = new Map<string, InfoleakTriageRecord[]>();
  for (const rule of rules) if (rule.scope !== 'FH') byValue.set(rule.valueKey, [...(byValue.get(rule.valueKey) ?? []), rule]);
  const byFile = rules.filter((rule) => rule.scope === 'FH');
  const heldByFile = new Map<number, InfoleakTriageRecord[]>();
  for (const leak of candidates) {
    const key = infoleakValueKey(leak.kind, leak.value);
    const hash = hashes.get(JSON.stringify(leak.path)) ?? null;
    const files = new Set(hash === null ? [] : [hash]);
    const held = byFile.filter((rule) => rule.valueKey === key && ruleReachesFiles(rule, files));
    if (held.length > 0) heldByFile.set(leak.id, held);
  }
  if (byValue.size === 0 && heldByFile.size === 0) return NO_REACH;
  const kinds = [...new Set(rules.filter((rule) => rule.scope !== 'FH').map((rule) => rule.kind))];
  const held = leaksHeldWhere({ kinds, keys: [...byValue.keys()] }, [...heldByFile.keys()]);
  return {
    empty: false,
    where: (triaged) => (triaged ? held : not(held)),
    triagesOf(leak) {
      const found = [...(byValue.get(infoleakValueKey(leak.kind, leak.value)) ?? []), ...(heldByFile.get(leak.id) ?? [])];
      return found.sort((a, b) => a.id - b.id).map(toInfoleakTriage);
    },
  };
}

/**
 * The same reach with its findings named by id: `held`, the ids its condition selects, read once,
 * so that a list's page and count do not hash every stored item again.
 */
export function withHeldIds(reach: LeakTriageReach, held: readonly number[]): LeakTriageReach {
  if (held.length === 0) return { ...reach, empty: true, where: NO_REACH.where };
  const byId = leaksHeldWhere({ kinds: [], keys: [] }, held);
  return { ...reach, where: (triaged) => (triaged ? byId : not(byId)) };
}

export function toInfoleakTriage(row: InfoleakTriageRecord): InfoleakTriage {
  return {
    id: row.id,
    url: `/rest/infoleak/${row.kind.replaceAll('_', '-')}/triage/${row.id}/`,
    kind: row.kind,
    scan_id: row.scanId,
    rationale: row.rationale as InfoleakTriageRationale,
    description: row.description,
    scope: row.scope,
    group_scope: row.groupScope,
    result_scope: row.resultScope,
    application_name: row.applicationName,
    file_hash: row.fileHash,
    user: row.createdBy,
    user_name: row.userName,
    created: row.createdAt.toISOString(),
  };
}
