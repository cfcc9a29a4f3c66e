// After an adjustment changes, the stored counts of the scans it may reach are out of date:
// they are marked so (evaluated_at cleared, stale_marks bumped) in the change's transaction, and the re-evaluation
// job (jobs/reevaluate.ts) recomputes them. Reads of a result never wait for it: they evaluate
// with the adjustments of the moment (modules/scans/evaluation.ts).
import { and, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, scans } from '../../db/schema/index.ts';
import { inheritanceEnabled } from '../groups/scope.ts';

/** What an adjustment may reach. */
export type Reach =
  | { readonly kind: 'all' }
  | { readonly kind: 'group'; readonly groupId: number }
  | { readonly kind: 'scan'; readonly scanId: number }
  | { readonly kind: 'application-name'; readonly applicationName: string };

/** A scoped rule's reach (triage scopes, or version/licence override scopes 1–3). */
export function reachOf(rule: { scope: string | number; groupScope: number | null; resultScope: number | null; applicationName?: string | null }): Reach {
  switch (rule.scope) {
    case 'G':
    case 2:
      return rule.groupScope !== null ? { kind: 'group', groupId: rule.groupScope } : { kind: 'all' };
    case 'R':
    case 1:
      return rule.resultScope !== null ? { kind: 'scan', scanId: rule.resultScope } : { kind: 'all' };
    case 'FN':
      return rule.applicationName ? { kind: 'application-name', applicationName: rule.applicationName } : { kind: 'all' };
    default:
      // CA, FH (any scan may hold the file) and global overrides.
      return { kind: 'all' };
  }
}

export interface StaleScans {
  /** Marks the ready scans the reaches may touch as needing evaluation. */
  mark(reaches: readonly Reach[]): Promise<void>;
}

export function createStaleScans(db: Db): StaleScans {
  return {
    async mark(reaches) {
      if (reaches.length === 0) return;
      const conditions = reaches.map((reach) => reachWhere(reach));
      const where = conditions.some((c) => c === undefined) ? undefined : or(...conditions);
      await db.update(scans).set({ evaluatedAt: null, staleMarks: sql`${scans.staleMarks} + 1` }).where(and(eq(scans.status, 'R'), where));
    },
  };
}

function reachWhere(reach: Reach): SQL | undefined {
  switch (reach.kind) {
    case 'all':
      return undefined;
    case 'scan':
      return eq(scans.id, reach.scanId);
    case 'application-name':
      return eq(scans.filename, reach.applicationName);
    case 'group': {
      const path = sql`(select ${groups.searchPath} from ${groups} where ${groups.id} = ${reach.groupId})`;
      const covered = sql`select ${groups.id} from ${groups} where ${groups.id} = ${reach.groupId} or (${inheritanceEnabled} and ${like(groups.searchPath, sql`${path} || '.%'`)})`;
      return sql`${scans.groupId} in (${covered})`;
    }
  }
}
