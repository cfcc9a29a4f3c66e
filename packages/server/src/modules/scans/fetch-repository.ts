import { and, eq, isNull } from 'drizzle-orm';
import { blobReferenced } from '../../db/blob-references.ts';
import type { Db } from '../../db/client.ts';
import { scanCustomData, scanFetches, type ScanProgress, scans } from '../../db/schema/index.ts';

export interface NewFetch {
  groupId: number;
  url: string;
  /** What the scan is called until the download tells its name. */
  filename: string;
  headers: Record<string, string>;
  customData: Record<string, string>;
  createdBy: number;
}

export interface PendingFetch {
  scanId: number;
  url: string;
  headers: Record<string, string>;
}

export interface FetchedFile {
  filename: string;
  size: number;
  sha1: string;
  sha256: string;
  blobKey: string;
}

/** A fetched scan's rows: the scan (busy, "downloading file" until the bytes are stored) and its request. */
export interface ScanFetchRepository {
  create(fetch: NewFetch): Promise<number>;
  /** The request of a busy scan whose download has not ended; undefined otherwise. */
  pending(scanId: number): Promise<PendingFetch | undefined>;
  /** False when the scan is no longer busy (aborted or removed): its download stops. */
  setProgress(scanId: number, progress: ScanProgress): Promise<boolean>;
  /** Stores the downloaded file on the scan; false when the scan is no longer busy (aborted, removed). */
  complete(scanId: number, file: FetchedFile): Promise<boolean>;
  /** Whether a scan other than a fetch still downloading holds this blob. */
  blobInUse(blobKey: string): Promise<boolean>;
  /** Fails a busy scan whose download has not ended (headers forgotten either way). */
  fail(scanId: number, error: string): Promise<void>;
}

const DOWNLOADING: ScanProgress = { stage: 'downloading file', done: 0, total: 0 };

/**
 * The blob key of a scan whose download has not stored its file (yet): the key of zero bytes,
 * a well-formed key that removing the scan may delete harmlessly (the blob store refuses an empty one).
 */
export const NOT_DOWNLOADED_BLOB_KEY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function createScanFetchRepository(db: Db): ScanFetchRepository {
  const busy = (scanId: number) => and(eq(scans.id, scanId), eq(scans.status, 'B'));
  const ended = (scanId: number) => db.update(scanFetches).set({ headers: null, finishedAt: new Date() }).where(eq(scanFetches.scanId, scanId));
  return {
    async create(fetch) {
      const [scan] = await db
        .insert(scans)
        .values({ groupId: fetch.groupId, filename: fetch.filename, size: 0, sha1: '', sha256: '', blobKey: NOT_DOWNLOADED_BLOB_KEY, progress: DOWNLOADING, createdBy: fetch.createdBy })
        .returning({ id: scans.id });
      if (!scan) throw new Error('the scan was not created');
      await db.insert(scanFetches).values({ scanId: scan.id, url: fetch.url, headers: fetch.headers, customData: fetch.customData });
      const pairs = Object.entries(fetch.customData);
      if (pairs.length > 0) await db.insert(scanCustomData).values(pairs.map(([key, value]) => ({ scanId: scan.id, key, value })));
      return scan.id;
    },
    async pending(scanId) {
      const [row] = await db
        .select({ scanId: scanFetches.scanId, url: scanFetches.url, headers: scanFetches.headers })
        .from(scanFetches)
        .innerJoin(scans, eq(scans.id, scanFetches.scanId))
        .where(and(eq(scanFetches.scanId, scanId), isNull(scanFetches.finishedAt), eq(scans.status, 'B')));
      return row ? { scanId: row.scanId, url: row.url, headers: row.headers ?? {} } : undefined;
    },
    async setProgress(scanId, progress) {
      return (await db.update(scans).set({ progress }).where(busy(scanId)).returning({ id: scans.id })).length > 0;
    },
    async complete(scanId, file) {
      return db.transaction(async (tx) => {
        const updated = await tx.update(scans).set({ ...file, progress: null }).where(busy(scanId)).returning({ id: scans.id });
        await tx.update(scanFetches).set({ headers: null, finishedAt: new Date() }).where(eq(scanFetches.scanId, scanId));
        return updated.length > 0;
      });
    },
    blobInUse: (blobKey) => blobReferenced(db, blobKey),
    async fail(scanId, error) {
      await db.update(scans).set({ status: 'F', error, progress: null, finishedAt: new Date() }).where(busy(scanId));
      await ended(scanId);
    },
  };
}
