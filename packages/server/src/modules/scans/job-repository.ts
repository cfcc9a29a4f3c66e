import { and, eq } from 'drizzle-orm';
import type { Identification } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { type ScanProgress, type ScanRow, scans } from '../../db/schema/index.ts';

/** What the scan worker reads and writes; no viewer: the job acts for the uploader. */
export interface ScanJobRepository {
  load(id: number): Promise<Pick<ScanRow, 'id' | 'filename' | 'blobKey' | 'status'> | undefined>;
  markStarted(id: number): Promise<void>;
  setProgress(id: number, progress: ScanProgress): Promise<void>;
  markReady(id: number, identification: Identification): Promise<void>;
  /** Only a busy scan becomes failed: a late failure never overwrites a finished result. */
  markFailedIfBusy(id: number, error: string): Promise<void>;
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
  };
}
