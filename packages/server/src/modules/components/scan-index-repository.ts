// The components of every ready scan as one table (scan_components), so that the catalogue
// counts "in this account" and a vulnerability finds its candidate components with one
// indexed query instead of reading every scan. A scan is indexed on the first read after it
// turned ready (or was scanned again): the result core never changes while its finished_at
// stays the same.
import { and, countDistinct, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Identification } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { groups, scanComponentIndex, scanComponents, scans } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import { ensureSplit } from '../scans/result-store.ts';
import type { Viewer } from '../users/viewer.ts';
import { catalogueIdOf } from './catalogue.ts';
import { componentMatchKeys } from './match-keys.ts';

/** Raised whenever what a row holds changes: scans indexed by an older version are indexed again. */
export const INDEX_VERSION = 1;

/** Scans indexed per round; each reads one result core. */
const SCAN_BATCH = 20;
/** Rows per INSERT: 5 parameters each. */
const INSERT_BATCH = 500;

/** A ready scan the viewer can see, with the component it holds. */
export interface ScanComponentRow {
  scanId: number;
  scanName: string;
  groupId: number;
  groupName: string;
  uid: string;
  name: string;
  version: string;
}

export interface ScanIndexRepository {
  /** Indexes every ready scan that is not (or was scanned again since it was). */
  ensureIndexed(): Promise<void>;
  /** Per catalogue entry, how many ready scans the viewer can see hold it. */
  usage(viewer: Viewer): Promise<Map<string, number>>;
  /** The versions of one entry in the viewer's ready scans, with how many scans hold each. */
  versions(viewer: Viewer, catalogueId: string): Promise<{ version: string; scans: number }[]>;
  /** The viewer's ready scans holding one entry, newest first. */
  scansWith(viewer: Viewer, catalogueId: string, limit: number): Promise<ScanComponentRow[]>;
  /** The viewer's ready scans' components with any of these match keys (match-keys.ts), newest scans first. */
  candidates(viewer: Viewer, keys: readonly string[], limit: number): Promise<ScanComponentRow[]>;
  /** Result cores of ready scans, by id. */
  cores(scanIds: readonly number[]): Promise<Map<number, Identification>>;
}

export function createScanIndexRepository(db: Db): ScanIndexRepository {
  const visibleReady = (viewer: Viewer) => and(eq(scans.status, 'R'), inVisibleGroupWhere(db, viewer, scans.groupId));
  const rowColumns = {
    scanId: scanComponents.scanId, scanName: scans.filename, groupId: scans.groupId, groupName: groups.name,
    uid: scanComponents.uid, name: scanComponents.name, version: scanComponents.version,
  };

  async function coreOf(id: number): Promise<{ core: Identification | null; finishedAt: Date | null } | undefined> {
    const [row] = await db.select({ core: scans.resultCore, finishedAt: scans.finishedAt }).from(scans).where(and(eq(scans.id, id), eq(scans.status, 'R')));
    if (!row) return undefined;
    return { core: row.core ?? (await ensureSplit(db, id)) ?? null, finishedAt: row.finishedAt };
  }

  async function index(id: number): Promise<void> {
    const found = await coreOf(id);
    if (!found) return;
    const rows = (found.core?.components ?? []).map((c) => ({
      scanId: id, uid: c.id, catalogueId: catalogueIdOf(c), name: c.name, version: c.version, matchKeys: componentMatchKeys(c),
    }));
    await db.transaction(async (tx) => {
      await tx.delete(scanComponents).where(eq(scanComponents.scanId, id));
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        // A concurrent indexer of the same scan wrote the same rows.
        await tx.insert(scanComponents).values(rows.slice(start, start + INSERT_BATCH)).onConflictDoNothing();
      }
      const marker = { scanFinishedAt: found.finishedAt, version: INDEX_VERSION };
      await tx.insert(scanComponentIndex).values({ scanId: id, ...marker }).onConflictDoUpdate({ target: scanComponentIndex.scanId, set: marker });
    });
  }

  return {
    async ensureIndexed() {
      const tried = new Set<number>();
      for (;;) {
        const pending = await db.select({ id: scans.id }).from(scans)
          .leftJoin(scanComponentIndex, eq(scanComponentIndex.scanId, scans.id))
          .where(and(eq(scans.status, 'R'), or(
            isNull(scanComponentIndex.scanId),
            lt(scanComponentIndex.version, INDEX_VERSION),
            sql`${scanComponentIndex.scanFinishedAt} is distinct from ${scans.finishedAt}`,
          )))
          .orderBy(scans.id)
          .limit(SCAN_BATCH);
        const fresh = pending.filter((p) => !tried.has(p.id));
        // A scan that changed again while it was indexed waits for the next read.
        if (fresh.length === 0) return;
        for (const { id } of fresh) {
          tried.add(id);
          await index(id);
        }
      }
    },

    async usage(viewer) {
      const rows = await db.select({ catalogueId: scanComponents.catalogueId, scans: countDistinct(scanComponents.scanId) })
        .from(scanComponents)
        .innerJoin(scans, eq(scans.id, scanComponents.scanId))
        .where(and(isNotNull(scanComponents.catalogueId), visibleReady(viewer)))
        .groupBy(scanComponents.catalogueId);
      return new Map(rows.flatMap((r) => (r.catalogueId === null ? [] : [[r.catalogueId, Number(r.scans)] as const])));
    },

    async versions(viewer, catalogueId) {
      const rows = await db.select({ version: scanComponents.version, scans: countDistinct(scanComponents.scanId) })
        .from(scanComponents)
        .innerJoin(scans, eq(scans.id, scanComponents.scanId))
        .where(and(eq(scanComponents.catalogueId, catalogueId), visibleReady(viewer)))
        .groupBy(scanComponents.version);
      return rows.map((r) => ({ version: r.version, scans: Number(r.scans) }));
    },

    async scansWith(viewer, catalogueId, limit) {
      return db.select(rowColumns)
        .from(scanComponents)
        .innerJoin(scans, eq(scans.id, scanComponents.scanId))
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(and(eq(scanComponents.catalogueId, catalogueId), visibleReady(viewer)))
        .orderBy(desc(scanComponents.scanId), scanComponents.uid)
        .limit(limit);
    },

    async candidates(viewer, keys, limit) {
      if (keys.length === 0) return [];
      return db.select(rowColumns)
        .from(scanComponents)
        .innerJoin(scans, eq(scans.id, scanComponents.scanId))
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(and(sql`${scanComponents.matchKeys} && array(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`, visibleReady(viewer)))
        .orderBy(desc(scanComponents.scanId), scanComponents.uid)
        .limit(limit);
    },

    async cores(scanIds) {
      const cores = new Map<number, Identification>();
      if (scanIds.length === 0) return cores;
      const rows = await db.select({ id: scans.id, core: scans.resultCore }).from(scans).where(and(inArray(scans.id, [...scanIds]), eq(scans.status, 'R')));
      for (const row of rows) {
        const core = row.core ?? (await ensureSplit(db, row.id));
        if (core) cores.set(row.id, core);
      }
      return cores;
    },
  };
}

