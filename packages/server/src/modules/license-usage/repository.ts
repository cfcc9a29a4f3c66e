import { and, asc, eq, gt } from 'drizzle-orm';
import type { Identification } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { scans } from '../../db/schema/index.ts';
import { ensureSplit } from '../scans/result-store.ts';

/** A ready scan's components, as far as licences go. */
export interface ScanLicences {
  scanId: number;
  components: readonly Pick<Identification['components'][number], 'licenses'>[];
}

export interface LicenseUsageRepository {
  /** Ready scans (of the group, when given) after `afterId`, `limit` at a time in id order, with their components' licences. */
  readyScans(afterId: number, limit: number, groupId?: number): Promise<ScanLicences[]>;
}

export function createLicenseUsageRepository(db: Db): LicenseUsageRepository {
  return {
    async readyScans(afterId, limit, groupId) {
      const rows = await db
        .select({ id: scans.id, core: scans.resultCore })
        .from(scans)
        .where(and(eq(scans.status, 'R'), gt(scans.id, afterId), groupId === undefined ? undefined : eq(scans.groupId, groupId)))
        .orderBy(asc(scans.id))
        .limit(limit);
      const out: ScanLicences[] = [];
      for (const row of rows) {
        // A scan stored before results were split has no core yet: split it now, as its first reader does.
        const core = row.core ?? (await ensureSplit(db, row.id));
        out.push({ scanId: row.id, components: core?.components ?? [] });
      }
      return out;
    },
  };
}
