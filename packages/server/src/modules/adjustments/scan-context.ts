// A scan's place for the scopes (scope.ts), read in one statement.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, scans } from '../../db/schema/index.ts';
import { inheritanceEnabled } from '../groups/scope.ts';
import { groupPathOf, type ScanScopeContext } from './scope.ts';

/** Undefined for a scan that does not exist. */
export async function loadScanScopeContext(db: Db, scanId: number): Promise<ScanScopeContext | undefined> {
  const [row] = await db
    .select({
      groupId: scans.groupId,
      filename: scans.filename,
      searchPath: groups.searchPath,
      inheritance: inheritanceEnabled,
    })
    .from(scans)
    .innerJoin(groups, eq(groups.id, scans.groupId))
    .where(eq(scans.id, scanId));
  if (!row) return undefined;
  return { scanId, groupId: row.groupId, groupPath: groupPathOf(row.searchPath), inheritance: row.inheritance, applicationName: row.filename };
}
