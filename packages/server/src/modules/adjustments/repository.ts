// Which adjustments reach a scan, read by scope (scope.ts says what each scope means; the
// conditions below are the same rules in SQL, so that a scan reads only its own).
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  componentIgnores, componentNameOverrides, componentObjectMoves, licenseOverrides, triages, versionOverrides,
} from '../../db/schema/index.ts';
import { NO_ADJUSTMENTS, type ScanAdjustments } from './apply.ts';
import { loadScanScopeContext } from './scan-context.ts';
import type { ScanScopeContext } from './scope.ts';

export interface AdjustmentsRepository {
  /** Every adjustment that reaches the scan; none for a scan that does not exist. */
  forScan(scanId: number): Promise<ScanAdjustments>;
}

export function createAdjustmentsRepository(db: Db): AdjustmentsRepository {
  return {
    async forScan(scanId) {
      const scan = await loadScanScopeContext(db, scanId);
      if (!scan) return NO_ADJUSTMENTS;
      const [triageRows, ignoreRows, versionRows, licenceRows, nameRows, moveRows] = await Promise.all([
        db.select().from(triages).where(triageScopeWhere(triages, scan)).orderBy(triages.id),
        db.select().from(componentIgnores).where(triageScopeWhere(componentIgnores, scan)).orderBy(componentIgnores.id),
        db.select().from(versionOverrides).where(overrideScopeWhere(versionOverrides, scan)).orderBy(desc(versionOverrides.id)),
        db.select().from(licenseOverrides).where(overrideScopeWhere(licenseOverrides, scan)).orderBy(desc(licenseOverrides.id)),
        db.select().from(componentNameOverrides).orderBy(desc(componentNameOverrides.id)),
        db.select().from(componentObjectMoves).where(eq(componentObjectMoves.scanId, scanId)).orderBy(componentObjectMoves.id),
      ]);
      return { triages: triageRows, ignores: ignoreRows, versionOverrides: narrowestFirst(versionRows), licenseOverrides: narrowestFirst(licenceRows), nameOverrides: nameRows, moves: moveRows };
    },
  };
}

/** Version and licence overrides: the result's own first, then the group's, then global ones; newest first within each. */
function narrowestFirst<T extends { scope: number; id: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.scope - b.scope || b.id - a.id);
}

/** The groups whose rules reach the scan: its own and, inheriting, its ancestors. */
function reachingGroups(scan: ScanScopeContext): number[] {
  return scan.inheritance ? [...scan.groupPath] : [scan.groupId];
}

interface TriageScopeColumns {
  scope: AnyPgColumn;
  groupScope: AnyPgColumn;
  resultScope: AnyPgColumn;
  applicationName: AnyPgColumn;
}

/** scope.ts ruleReachesScan in SQL. */
export function triageScopeWhere(table: TriageScopeColumns, scan: ScanScopeContext): SQL | undefined {
  return or(
    inArray(table.scope, ['CA', 'FH']),
    and(eq(table.scope, 'G'), inArray(table.groupScope, reachingGroups(scan))),
    and(eq(table.scope, 'R'), eq(table.resultScope, scan.scanId)),
    and(eq(table.scope, 'FN'), eq(table.applicationName, scan.applicationName)),
  );
}

interface OverrideScopeColumns {
  scope: AnyPgColumn;
  groupScope: AnyPgColumn;
  resultScope: AnyPgColumn;
}

/** Version and licence override scopes: 3 global, 2 group (and, inheriting, its subgroups), 1 result. */
function overrideScopeWhere(table: OverrideScopeColumns, scan: ScanScopeContext): SQL | undefined {
  return or(
    eq(table.scope, 3),
    and(eq(table.scope, 2), inArray(table.groupScope, reachingGroups(scan))),
    and(eq(table.scope, 1), eq(table.resultScope, scan.scanId)),
  );
}
