import { and, asc, eq, gt, inArray, isNull, lt, max, or } from 'drizzle-orm';
import type { Identification } from '@binlens/engine/model';
import { blobReferenced } from '../../db/blob-references.ts';
import type { Db } from '../../db/client.ts';
import { type ScanProgress, type ScanRow, scans, vulnImportRuns } from '../../db/schema/index.ts';
import { ensureSplit, type ScanFileIdentity, storeReadyScan } from './result-store.ts';
import type { VulnerabilityCounts } from './vulnerability-counts.ts';
import { naReason } from './verdict.ts';

/** What the scan worker reads and writes; no viewer: the job acts for the uploader. */
export interface ScanJobRepository {
  load(id: number): Promise<Pick<ScanRow, 'id' | 'filename' | 'blobKey' | 'status'> | undefined>;
  /** A busy scan becomes S (started) with no progress. */
  markStarted(id: number): Promise<void>;
  /** Stores the progress and its status code (S, P or D) on a busy scan. */
  setProgress(id: number, progress: ScanProgress): Promise<void>;
  /** `file`: what the scan stands for when not the uploaded bytes (an imported portable scan file's original input). */
  markReady(id: number, identification: Identification, file?: ScanFileIdentity): Promise<void>;
  /** Only a busy scan becomes failed: a late failure never overwrites a finished result. */
  markFailedIfBusy(id: number, error: string): Promise<void>;
  /**
   * Ids above `after`, ascending, of ready scans not evaluated since `changedAt` (never
   * evaluated, or before the knowledge base last changed): the re-evaluation job walks them in batches.
   */
  staleScanIds(after: number, limit: number, changedAt: Date | null): Promise<number[]>;
  /** When an import last changed the knowledge base; null when none ever completed. */
  knowledgeBaseChangedAt(): Promise<Date | null>;
  /** What evaluation reads of a ready scan: its Identification's core (result-items.ts), components whole. */
  loadIdentification(id: number): Promise<Identification | undefined>;
  /** How often the scan was marked stale (scans.stale_marks); undefined when it is gone. */
  staleMarks(id: number): Promise<number | undefined>;
  /**
   * `evaluatedAt`: when the evaluation began, so that an import finishing meanwhile leaves the scan stale;
   * `staleMarks`: what staleMarks answered before the evaluation read anything, so that an adjustment
   * committed meanwhile does too (nothing is stored then). Answers whether the counts were stored.
   */
  setVulnerabilityCounts(id: number, counts: VulnerabilityCounts, evaluatedAt: Date, staleMarks: number): Promise<boolean>;
  /**
   * Delete-Binary: records that a finished scan's file is gone and answers its blob key, for the
   * worker to delete unless another scan holds the same bytes; undefined when the scan is busy or its file already went.
   */
  markBinaryRemovedAfterScan?(id: number, at: Date): Promise<string | undefined>;
  /** Whether a scan still holding its bytes names this blob (blobs are shared by equal uploads). */
  blobInUse?(blobKey: string): Promise<boolean>;
}

export function createScanJobRepository(db: Db): ScanJobRepository {
  // Spec §4 busy codes: B queued, S started, P processing, D finishing (README "Scan status codes").
  const busy = (id: number) => and(eq(scans.id, id), inArray(scans.status, ['B', 'S', 'P', 'D']));
  return {
    async load(id) {
      const [row] = await db
        .select({ id: scans.id, filename: scans.filename, blobKey: scans.blobKey, status: scans.status })
        .from(scans)
        .where(eq(scans.id, id));
      return row;
    },
    async markStarted(id) {
      await db.update(scans).set({ status: 'S', startedAt: new Date(), error: null, progress: null }).where(busy(id));
    },
    async setProgress(id, progress) {
      await db.update(scans).set({ progress, ...(progress.status ? { status: progress.status } : {}) }).where(busy(id));
    },
    async markReady(id, identification, file) {
      const stored = await storeReadyScan(db, id, identification, file);
      const reason = naReason(identification);
      if (stored && reason) await db.update(scans).set({ verdictReason: reason }).where(and(eq(scans.id, id), eq(scans.status, 'R')));
    },
    async markFailedIfBusy(id, error) {
      await db.update(scans).set({ status: 'F', error, progress: null, finishedAt: new Date() }).where(busy(id));
    },
    async markBinaryRemovedAfterScan(id, at) {
      const [row] = await db
        .update(scans)
        .set({ binaryRemovedAt: at })
        .where(and(eq(scans.id, id), inArray(scans.status, ['R', 'F']), isNull(scans.binaryRemovedAt)))
        .returning({ blobKey: scans.blobKey });
      return row?.blobKey;
    },
    blobInUse: (blobKey) => blobReferenced(db, blobKey),
    async staleScanIds(after, limit, changedAt) {
      const stale = changedAt ? or(isNull(scans.evaluatedAt), lt(scans.evaluatedAt, changedAt)) : isNull(scans.evaluatedAt);
      const rows = await db.select({ id: scans.id }).from(scans).where(and(eq(scans.status, 'R'), gt(scans.id, after), stale)).orderBy(asc(scans.id)).limit(limit);
      return rows.map((r) => r.id);
    },
    async knowledgeBaseChangedAt() {
      const [row] = await db.select({ at: max(vulnImportRuns.finishedAt) }).from(vulnImportRuns).where(eq(vulnImportRuns.status, 'complete'));
      return row?.at ?? null;
    },
    async loadIdentification(id) {
      const [row] = await db.select({ core: scans.resultCore }).from(scans).where(and(eq(scans.id, id), eq(scans.status, 'R')));
      if (!row) return undefined;
      return row.core ?? (await ensureSplit(db, id));
    },
    async staleMarks(id) {
      const [row] = await db.select({ marks: scans.staleMarks }).from(scans).where(eq(scans.id, id));
      return row?.marks;
    },
    async setVulnerabilityCounts(id, counts, evaluatedAt, staleMarks) {
      const stored = await db
        .update(scans)
        .set({ vulnerabilityCounts: counts, evaluatedAt })
        .where(and(eq(scans.id, id), eq(scans.status, 'R'), eq(scans.staleMarks, staleMarks)))
        .returning({ id: scans.id });
      return stored.length > 0;
    },
  };
}
