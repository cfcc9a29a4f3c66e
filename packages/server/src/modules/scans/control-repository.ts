// What rescan, abort, rename, removal and the retention sweep read and write of scans. No
// viewer here: the route guard or the control service has resolved the scan's group first.
import { and, asc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { blobReferenced } from '../../db/blob-references.ts';
import type { Db } from '../../db/client.ts';
import { BUSY_SCAN_STATUSES, scanItems, scans, type ScanStatus } from '../../db/schema/index.ts';

export interface ControlledScan {
  id: number;
  groupId: number;
  filename: string;
  status: ScanStatus;
  blobKey: string;
  binaryRemovedAt: Date | null;
  createdAt: Date;
}

export interface ScanControlRepository {
  find(id: number): Promise<ControlledScan | undefined>;
  /** Back to busy with its results cleared; false (nothing changed) when it is busy or its binary is gone. */
  resetForRescan(id: number): Promise<boolean>;
  /**
   * A finished scan takes new bytes (PUT /api/upload/ with Replace) and goes back to busy with its
   * results cleared, keeping its id; false (nothing changed) when it is busy.
   */
  replaceBinary(id: number, file: ReplacementFile): Promise<boolean>;
  /** A busy scan becomes failed with `reason`; false when it was not busy. */
  abort(id: number, reason: string): Promise<boolean>;
  rename(id: number, filename: string): Promise<void>;
  move(id: number, groupId: number): Promise<void>;
  /** The scan and, by cascade, its items, comments and custom data. */
  remove(id: number): Promise<void>;
  /** Records that the bytes are gone; false when they already were. */
  markBinaryRemoved(id: number, at: Date): Promise<boolean>;
  /** Whether a scan still holding its bytes names this blob (blobs are content-addressed and shared by equal uploads). */
  blobInUse(blobKey: string): Promise<boolean>;
  /** Ids above `after`, ascending, of scans made before `before` and not busy, still holding their bytes (`withBinary`) or all. */
  olderThan(before: Date, after: number, limit: number, withBinary: boolean): Promise<ControlledScan[]>;
}

/** The bytes a replaced scan takes. */
export interface ReplacementFile {
  filename: string;
  size: number;
  sha1: string;
  sha256: string;
  blobKey: string;
}


/** What a scan starting over holds: no result, no progress, no times. */
const CLEARED_RESULT = {
  status: 'B',
  error: null,
  progress: null,
  identification: null,
  resultCore: null,
  componentCount: null,
  vulnerabilityCounts: null,
  evaluatedAt: null,
  verdictReason: null,
  startedAt: null,
  finishedAt: null,
} as const;

export function createScanControlRepository(db: Db): ScanControlRepository {
  const columns = {
    id: scans.id,
    groupId: scans.groupId,
    filename: scans.filename,
    status: scans.status,
    blobKey: scans.blobKey,
    binaryRemovedAt: scans.binaryRemovedAt,
    createdAt: scans.createdAt,
  };
  return {
    async find(id) {
      const [row] = await db.select(columns).from(scans).where(eq(scans.id, id));
      return row;
    },
    async resetForRescan(id) {
      const updated = await db
        .update(scans)
        .set(CLEARED_RESULT)
        .where(and(eq(scans.id, id), inArray(scans.status, ['R', 'F']), isNull(scans.binaryRemovedAt)))
        .returning({ id: scans.id });
      if (updated.length === 0) return false;
      await db.delete(scanItems).where(eq(scanItems.scanId, id));
      return true;
    },
    async replaceBinary(id, file) {
      const updated = await db
        .update(scans)
        .set({ ...CLEARED_RESULT, ...file, binaryRemovedAt: null })
        .where(and(eq(scans.id, id), inArray(scans.status, ['R', 'F'])))
        .returning({ id: scans.id });
      if (updated.length === 0) return false;
      await db.delete(scanItems).where(eq(scanItems.scanId, id));
      return true;
    },
    async abort(id, reason) {
      const updated = await db
        .update(scans)
        .set({ status: 'F', error: reason, progress: null, finishedAt: new Date() })
        .where(and(eq(scans.id, id), inArray(scans.status, [...BUSY_SCAN_STATUSES])))
        .returning({ id: scans.id });
      return updated.length > 0;
    },
    async rename(id, filename) {
      await db.update(scans).set({ filename }).where(eq(scans.id, id));
    },
    async move(id, groupId) {
      await db.update(scans).set({ groupId }).where(eq(scans.id, id));
    },
    async remove(id) {
      await db.delete(scans).where(eq(scans.id, id));
    },
    async markBinaryRemoved(id, at) {
      const updated = await db
        .update(scans)
        .set({ binaryRemovedAt: at })
        .where(and(eq(scans.id, id), isNull(scans.binaryRemovedAt)))
        .returning({ id: scans.id });
      return updated.length > 0;
    },
    blobInUse: (blobKey) => blobReferenced(db, blobKey),
    async olderThan(before, after, limit, withBinary) {
      return db
        .select(columns)
        .from(scans)
        .where(
          and(
            lt(scans.createdAt, before),
            gt(scans.id, after),
            ...BUSY_SCAN_STATUSES.map((status) => ne(scans.status, status)),
            withBinary ? isNull(scans.binaryRemovedAt) : undefined,
          ),
        )
        .orderBy(asc(scans.id))
        .limit(limit);
    },
  };
}
