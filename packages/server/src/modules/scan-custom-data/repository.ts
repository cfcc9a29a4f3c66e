import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanCustomData } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';

export interface ScanCustomDataRecord {
  id: number;
  scanId: number;
  key: string;
  value: string;
}

/**
 * A scan's key/value pairs. Callers have resolved the scan's group for the viewer first (the
 * route guard for lists and creation, the service for one entry), so nothing here filters by it.
 */
export interface ScanCustomDataRepository {
  list(scanId: number, page: PageRequest): Promise<{ rows: ScanCustomDataRecord[]; count: number }>;
  find(id: number): Promise<ScanCustomDataRecord | undefined>;
  /** Whether another entry of the scan has this key. */
  keyTaken(scanId: number, key: string, exceptId?: number): Promise<boolean>;
  /** The new entry; undefined when the scan already has this key. */
  create(scanId: number, key: string, value: string): Promise<ScanCustomDataRecord | undefined>;
  update(id: number, change: { key?: string; value?: string }): Promise<ScanCustomDataRecord | undefined>;
  remove(id: number): Promise<ScanCustomDataRecord | undefined>;
  /** Sets each key to its value, replacing what the scan had; an empty value removes the key (the public API's META- headers). */
  setEntries(scanId: number, entries: ReadonlyMap<string, string>): Promise<void>;
}

const columns = { id: scanCustomData.id, scanId: scanCustomData.scanId, key: scanCustomData.key, value: scanCustomData.value };

export function createScanCustomDataRepository(db: Db): ScanCustomDataRepository {
  return {
    async list(scanId, page) {
      const where = eq(scanCustomData.scanId, scanId);
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(scanCustomData).where(where).orderBy(asc(scanCustomData.key)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(scanCustomData).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async find(id) {
      const [row] = await db.select(columns).from(scanCustomData).where(eq(scanCustomData.id, id));
      return row;
    },
    async keyTaken(scanId, key, exceptId) {
      const [row] = await db
        .select({ id: scanCustomData.id })
        .from(scanCustomData)
        .where(and(eq(scanCustomData.scanId, scanId), eq(scanCustomData.key, key), exceptId === undefined ? undefined : ne(scanCustomData.id, exceptId)));
      return row !== undefined;
    },
    async create(scanId, key, value) {
      const [row] = await db.insert(scanCustomData).values({ scanId, key, value }).onConflictDoNothing().returning(columns);
      return row;
    },
    async update(id, change) {
      const [row] = await db.update(scanCustomData).set(change).where(eq(scanCustomData.id, id)).returning(columns);
      return row;
    },
    async remove(id) {
      const [row] = await db.delete(scanCustomData).where(eq(scanCustomData.id, id)).returning(columns);
      return row;
    },
    async setEntries(scanId, entries) {
      const removed = [...entries].filter(([, value]) => value === '').map(([key]) => key);
      const set = [...entries].filter(([, value]) => value !== '').map(([key, value]) => ({ scanId, key, value }));
      if (removed.length > 0) await db.delete(scanCustomData).where(and(eq(scanCustomData.scanId, scanId), inArray(scanCustomData.key, removed)));
      if (set.length > 0) {
        await db.insert(scanCustomData).values(set).onConflictDoUpdate({ target: [scanCustomData.scanId, scanCustomData.key], set: { value: sql`excluded.value` } });
      }
    },
  };
}
