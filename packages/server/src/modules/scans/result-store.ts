// Writes a ready scan's split Identification (result-items.ts) and splits, on first read,
// scans stored before results were split.
import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Identification } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { scanItems, scans } from '../../db/schema/index.ts';
import { ITEMS_VERSION, type ScanItemRow, splitIdentification } from './result-items.ts';

/** Rows per INSERT: 10 parameters each, well under PostgreSQL's 65,535. */
const INSERT_BATCH = 500;

/** The file a scan stands for, when it is not the uploaded one (a portable scan file's original input). */
export interface ScanFileIdentity {
  filename: string;
  size: number;
  sha1: string;
  sha256: string;
}

/**
 * Marks a busy scan ready with its Identification, its core and its items (and `file`, when
 * given, as its name, size and hashes), in one transaction: a reader sees all of it or a busy
 * scan. False when the scan was no longer busy.
 */
export async function storeReadyScan(db: Db, id: number, identification: Identification, file?: ScanFileIdentity): Promise<boolean> {
  const { core, componentCount, items } = splitIdentification(identification);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(scans)
      .set({ ...file, status: 'R', identification, resultCore: core, componentCount, itemsVersion: ITEMS_VERSION, progress: null, finishedAt: new Date() })
      .where(and(eq(scans.id, id), inArray(scans.status, ['B', 'S', 'P', 'D'])))
      .returning({ id: scans.id });
    if (updated.length === 0) return false;
    await insertItems(tx, id, items);
    return true;
  });
}

/**
 * Splits a ready scan stored before results were split, and answers its core; undefined
 * (and nothing done) for every other scan.
 */
export async function ensureSplit(db: Db, id: number): Promise<Identification | undefined> {
  const [row] = await db
    .select({ identification: scans.identification })
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.status, 'R'), isNull(scans.resultCore), isNotNull(scans.identification)));
  if (!row?.identification) return undefined;
  const { core, componentCount, items } = splitIdentification(row.identification);
  await db.transaction(async (tx) => {
    // Only one of two concurrent first readers gets the row; the other finds it split.
    const claimed = await tx
      .update(scans)
      .set({ resultCore: core, componentCount, itemsVersion: ITEMS_VERSION })
      .where(and(eq(scans.id, id), isNull(scans.resultCore)))
      .returning({ id: scans.id });
    if (claimed.length > 0) await insertItems(tx, id, items);
  });
  return core;
}

/**
 * Splits a ready scan's items again when an older split wrote them (ITEMS_VERSION), from its
 * Identification, in one transaction; nothing for every other scan.
 */
export async function ensureItemsCurrent(db: Db, id: number): Promise<void> {
  const stale = and(eq(scans.id, id), eq(scans.status, 'R'), lt(scans.itemsVersion, ITEMS_VERSION), isNotNull(scans.resultCore));
  const [row] = await db.select({ identification: scans.identification }).from(scans).where(and(stale, isNotNull(scans.identification)));
  if (!row?.identification) return;
  const { items } = splitIdentification(row.identification);
  await db.transaction(async (tx) => {
    // Only one of two concurrent readers rewrites them; the other finds them current.
    const claimed = await tx.update(scans).set({ itemsVersion: ITEMS_VERSION }).where(stale).returning({ id: scans.id });
    if (claimed.length === 0) return;
    await tx.delete(scanItems).where(eq(scanItems.scanId, id));
    await insertItems(tx, id, items);
  });
}

/** Writes a scan's items, a batch per INSERT (also when custom patterns replace a ready scan's: modules/custom-patterns). */
export async function insertItems(db: Pick<Db, 'insert'>, scanId: number, items: readonly ScanItemRow[]): Promise<void> {
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    await db.insert(scanItems).values(items.slice(start, start + INSERT_BATCH).map((item) => ({ scanId, ...item })));
  }
}
