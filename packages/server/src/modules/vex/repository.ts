// What VEX export and import read besides the triages module: names for documents, and which
// triages reach a group's applications by scope (a group's export).
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, scans, triages } from '../../db/schema/index.ts';
import { inheritanceEnabled } from '../groups/scope.ts';
import { loadScanScopeContext } from '../adjustments/scan-context.ts';
import { groupPathOf, type ScanScopeContext } from '../adjustments/scope.ts';

export interface VexRepository {
  scanFilename(scanId: number): Promise<string | undefined>;
  groupName(groupId: number): Promise<string | undefined>;
  /**
   * Ids of the triages whose scope reaches the applications of a group, whoever sees them:
   * account-wide and file-hash ones (any application may hold the file), those of the group
   * or (inheriting) an ancestor, of one of its applications, or of one of their names.
   */
  groupTriageIds(groupId: number, limit: number): Promise<number[]>;
  scanScope(scanId: number): Promise<ScanScopeContext | undefined>;
}

export function createVexRepository(db: Db): VexRepository {
  return {
    async scanFilename(scanId) {
      const [row] = await db.select({ filename: scans.filename }).from(scans).where(eq(scans.id, scanId));
      return row?.filename;
    },
    async groupName(groupId) {
      const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
      return row?.name;
    },
    async groupTriageIds(groupId, limit) {
      const [group] = await db
        .select({
          searchPath: groups.searchPath,
          inheritance: inheritanceEnabled,
        })
        .from(groups)
        .where(eq(groups.id, groupId));
      if (!group) return [];
      const reaching = group.inheritance ? groupPathOf(group.searchPath) : [groupId];
      const groupScans = db.select({ id: scans.id }).from(scans).where(eq(scans.groupId, groupId));
      const groupNames = db.select({ filename: scans.filename }).from(scans).where(eq(scans.groupId, groupId));
      const rows = await db
        .select({ id: triages.id })
        .from(triages)
        .where(or(
          inArray(triages.scope, ['CA', 'FH']),
          and(eq(triages.scope, 'G'), inArray(triages.groupScope, reaching)),
          and(eq(triages.scope, 'R'), inArray(triages.resultScope, groupScans)),
          and(eq(triages.scope, 'FN'), inArray(triages.applicationName, groupNames)),
        ))
        .orderBy(asc(triages.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    scanScope: (scanId) => loadScanScopeContext(db, scanId),
  };
}
