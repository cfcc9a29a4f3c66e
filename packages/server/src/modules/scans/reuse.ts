import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scans } from '../../db/schema/index.ts';

/**
 * reuse_existing_scan, the group's override else the company's (docs/settings.md): an upload
 * of bytes already uploaded into the same group answers that scan instead of scanning again.
 */
export interface ScanReuse {
  /** The scan to answer instead of a new one: the newest of the group with these bytes that did not fail; undefined when the setting is off or there is none. */
  existing(groupId: number, sha256: string): Promise<number | undefined>;
}

export function createScanReuse(db: Db, enabled: (groupId: number) => Promise<boolean>): ScanReuse {
  return {
    async existing(groupId, sha256) {
      if (!(await enabled(groupId))) return undefined;
      // scans_sha256_idx finds the candidates; a failed scan is scanned again instead.
      const [row] = await db
        .select({ id: scans.id })
        .from(scans)
        .where(and(eq(scans.sha256, sha256), eq(scans.groupId, groupId), ne(scans.status, 'F')))
        .orderBy(desc(scans.id))
        .limit(1);
      return row?.id;
    },
  };
}
