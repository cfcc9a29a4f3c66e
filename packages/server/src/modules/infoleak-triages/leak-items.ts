// What infoleak triage reads of a ready scan's stored items (scan_items, result-items.ts): its
// findings and the files they sit in. Never written: triages apply when lists are read.
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanItems, scans } from '../../db/schema/index.ts';
import { parentKey, parentOf, type StoredFileNode } from '../scans/files-tree.ts';
import { ensureItemsCurrent, ensureSplit } from '../scans/result-store.ts';
import { exactPathNeedle, ITEMS_VERSION } from '../scans/result-items.ts';

/** What triage needs of a stored finding. */
export interface StoredLeak {
  id: number;
  kind: string;
  value: string;
  /** As the lists show it: [input name] for the input itself. */
  path: string[];
}

export interface LeakItemsRepository {
  /** Splits a ready scan stored before the split, or whose items an older split wrote, as every reader of its lists does. */
  ensureCurrent(scanId: number): Promise<void>;
  /** The scan's findings of a kind with these ids (fewer when some do not exist). */
  leaks(scanId: number, kind: string, ids: readonly number[]): Promise<StoredLeak[]>;
  /** The scan's findings that `where` (value-key.ts) selects, in order, at most `limit`. */
  leaksWhere(scanId: number, where: SQL, limit: number): Promise<StoredLeak[]>;
  /** The ids of the scan's findings that `where` selects (among `among` when given), in order, at most `limit`. */
  idsWhere(scanId: number, where: SQL, limit: number, among?: readonly number[]): Promise<number[]>;
  /** How many findings, documentation examples left out, `where` selects, by kind. */
  countsWhere(scanId: number, where: SQL): Promise<Map<string, number>>;
  /**
   * The SHA-1 of the file at each path (a finding's path), by JSON.stringify(path); null for a
   * path with no file or a file without a hash.
   */
  fileHashes(scanId: number, paths: readonly (readonly string[])[]): Promise<Map<string, string | null>>;
}

/** Paths looked up per query: each is an index seek on its folder's key. */
const PATH_BATCH = 50;
/** Nodes a path's lookup may meet: its exact path among siblings whose names contain it. */
const SAME_PATH_CANDIDATES = 50;

export function createLeakItemsRepository(db: Db): LeakItemsRepository {
  const leaksOf = (scanId: number) => and(eq(scanItems.scanId, scanId), eq(scanItems.section, 'infoleak'));
  const storedLeak = (row: { item: unknown }): StoredLeak => {
    const { id, kind, value, path } = row.item as StoredLeak;
    return { id, kind, value, path };
  };

  /** The nodes of these paths (and the root, which a finding in the input names by its name). */
  async function nodes(scanId: number, paths: readonly (readonly string[])[]): Promise<StoredFileNode[]> {
    const lookups = paths.map((path) => {
      const parent = parentOf(path) ?? [];
      return and(eq(scanItems.kind, parentKey(parent)), sql`strpos(${scanItems.search}, ${exactPathNeedle(path)}) > 0`);
    });
    const root = paths.some((path) => path.length === 1) ? eq(scanItems.idx, 1) : undefined;
    const rows = await db
      .select({ item: scanItems.item })
      .from(scanItems)
      .where(and(eq(scanItems.scanId, scanId), eq(scanItems.section, 'file'), or(root, ...lookups)))
      .limit(SAME_PATH_CANDIDATES * (lookups.length + 1));
    return rows.map((row) => row.item as StoredFileNode);
  }

  return {
    async ensureCurrent(scanId) {
      const [scan] = await db.select({ status: scans.status, unsplit: isNull(scans.resultCore), itemsVersion: scans.itemsVersion }).from(scans).where(eq(scans.id, scanId));
      if (scan?.status !== 'R') return;
      if (scan.unsplit) await ensureSplit(db, scanId);
      else if (scan.itemsVersion < ITEMS_VERSION) await ensureItemsCurrent(db, scanId);
    },

    async leaks(scanId, kind, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ item: scanItems.item })
        .from(scanItems)
        .where(and(leaksOf(scanId), eq(scanItems.kind, kind), inArray(scanItems.idx, [...ids])))
        .orderBy(asc(scanItems.idx));
      return rows.map(storedLeak);
    },

    async leaksWhere(scanId, where, limit) {
      const rows = await db.select({ item: scanItems.item }).from(scanItems).where(and(leaksOf(scanId), where)).orderBy(asc(scanItems.idx)).limit(limit);
      return rows.map(storedLeak);
    },

    async idsWhere(scanId, where, limit, among) {
      const amongIds = among === undefined ? undefined : inArray(scanItems.idx, [...among]);
      const rows = await db.select({ idx: scanItems.idx }).from(scanItems).where(and(leaksOf(scanId), amongIds, where)).orderBy(asc(scanItems.idx)).limit(limit);
      return rows.map((row) => row.idx);
    },

    async countsWhere(scanId, where) {
      const rows = await db
        .select({ kind: scanItems.kind, count: count() })
        .from(scanItems)
        .where(and(leaksOf(scanId), eq(scanItems.decoy, false), where))
        .groupBy(scanItems.kind);
      return new Map(rows.map((row) => [row.kind ?? '', row.count]));
    },

    async fileHashes(scanId, paths) {
      const wanted = [...new Map(paths.map((path) => [JSON.stringify(path), path])).values()];
      const found = new Map<string, string | null>();
      for (let at = 0; at < wanted.length; at += PATH_BATCH) {
        const batch = wanted.slice(at, at + PATH_BATCH);
        const byPath = new Map<string, StoredFileNode>();
        let root: StoredFileNode | undefined;
        for (const node of await nodes(scanId, batch)) {
          if (node.path.length === 0) root = node;
          else byPath.set(JSON.stringify(node.path), node);
        }
        for (const path of batch) {
          const key = JSON.stringify(path);
          // A finding in the input itself names it by its name, unless a member has that very path.
          const node = byPath.get(key) ?? (path.length === 1 && root?.name === path[0] ? root : undefined);
          found.set(key, node?.sha1?.toLowerCase() ?? null);
        }
      }
      return found;
    },
  };
}
