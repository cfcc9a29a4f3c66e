// What the sales view reads of a scan: the file and its findings, nothing of the group or the people.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scans, type ScanStatus } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import type { VulnerabilityCounts } from './vulnerability-counts.ts';

export interface SalesScanRecord {
  id: number;
  filename: string;
  size: number;
  sha1: string;
  sha256: string;
  status: ScanStatus;
  createdAt: Date;
  finishedAt: Date | null;
  componentCount: number | null;
  vulnerabilityCounts: VulnerabilityCounts | null;
  verdictReason: string | null;
}

export interface SalesRepository {
  /** A scan of a group the viewer sees; undefined otherwise. */
  findVisible(viewer: Viewer, id: number): Promise<SalesScanRecord | undefined>;
}

export function createSalesRepository(db: Db): SalesRepository {
  return {
    async findVisible(viewer, id) {
      const [row] = await db
        .select({
          id: scans.id,
          filename: scans.filename,
          size: scans.size,
          sha1: scans.sha1,
          sha256: scans.sha256,
          status: scans.status,
          createdAt: scans.createdAt,
          finishedAt: scans.finishedAt,
          componentCount: scans.componentCount,
          vulnerabilityCounts: scans.vulnerabilityCounts,
          verdictReason: scans.verdictReason,
        })
        .from(scans)
        .where(and(eq(scans.id, id), inVisibleGroupWhere(db, viewer, scans.groupId)));
      return row;
    },
  };
}
