import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Identification } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { type ScanProgress, type ScanRow, scans } from '../../db/schema/index.ts';
import type { VulnerabilityCounts } from './vulnerability-counts.ts';

/** What the scan worker reads and writes; no viewer: the job acts for the uploader. */
export interface ScanJobRepository {
  load(id: number): Promise<Pick<ScanRow, 'id' | 'filename' | 'blobKey' | 'status'> | undefined>;
  markStarted(id: number): Promise<void>;
  setProgress(id: number, progress: ScanProgress): Promise<void>;
  markReady(id: number, identification: Identification): Promise<void>;
  /** Only a busy scan becomes failed: a late failure never overwrites a finished result. */
  markFailedIfBusy(id: number, error: string): Promise<void>;
  /** Ids of ready scans above `after`, ascending (only never-evaluated ones if asked): the re-evaluation job walks them in batches. */
  readyScanIds(after: number, limit: number, options?: { unevaluatedOnly?: boolean }): Promise<number[]>;
  /** The stored Identification of a ready scan. */
  loadIdentification(id: number): Promise<Identification | undefined>;
  setVulnerabilityCounts(id: number, counts: VulnerabilityCounts): Promise<void>;
}

export function createScanJobRepository(db: Db): ScanJobRepository {
  const busy = (id: number) => and(eq(scans.id, id), eq(scans.status, 'B'));
  return {
    async load(id) {
      const [row] = await db
        .select({ id: scans.id, filename: scans.filename, blobKey: scans.blobKey, status: scans.status })
        .from(scans)
        .where(eq(scans.id, id));
      return row;
    },
    async markStarted(id) {
      await db.update(scans).set({ startedAt: new Date(), error: null, progress: null }).where(busy(id));
    },
    async setProgress(id, progress) {
      await db.update(scans).set({ progress }).where(busy(id));
    },
    async markReady(id, identification) {
      await db.update(scans).set({ status: 'R', identification, progress: null, finishedAt: new Date() }).where(busy(id));
    },
    async markFailedIfBusy(id, error) {
      await db.update(scans).set({ status: 'F', error, progress: null, finishedAt: new Date() }).where(busy(id));
    },
    async readyScanIds(after, limit, options) {
      const where = and(eq(scans.status, 'R'), gt(scans.id, after), options?.unevaluatedOnly ? isNull(scans.evaluatedAt) : undefined);
      const rows = await db.select({ id: scans.id }).from(scans).where(where).orderBy(asc(scans.id)).limit(limit);
      return rows.map((r) => r.id);
    },
    async loadIdentification(id) {
      const [row] = await db.select({ identification: scans.identification }).from(scans).where(and(eq(scans.id, id), eq(scans.status, 'R')));
      return row?.identification ?? undefined;
    },
    async setVulnerabilityCounts(id, counts) {
      await db.update(scans).set({ vulnerabilityCounts: counts, evaluatedAt: new Date() }).where(and(eq(scans.id, id), eq(scans.status, 'R')));
    },
  };
}
