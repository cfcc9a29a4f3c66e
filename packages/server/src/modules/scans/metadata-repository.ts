// What the metadata of a ready scan reads besides its result core: its times and the size of
// each of its stored lists (scan_items, result-items.ts), counted, never read.
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanItems, scans, type ScanItemSection, type ScanStatus } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import { ITEMS_VERSION } from './result-items.ts';
import { ensureItemsCurrent, ensureSplit } from './result-store.ts';

export interface ScanMetadataFacts {
  status: ScanStatus;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Items by section, and problems by level under `problem:<level>`; empty until the scan is ready. Decoy leaks are left out. */
  sizes: ReadonlyMap<string, number>;
}

export interface ScanMetadataRepository {
  /** Undefined when the viewer cannot see the scan. */
  facts(viewer: Viewer, id: number): Promise<ScanMetadataFacts | undefined>;
}

export function createScanMetadataRepository(db: Db): ScanMetadataRepository {
  return {
    async facts(viewer, id) {
      const [scan] = await db
        .select({
          status: scans.status,
          createdAt: scans.createdAt,
          startedAt: scans.startedAt,
          finishedAt: scans.finishedAt,
          unsplit: isNull(scans.resultCore),
          itemsVersion: scans.itemsVersion,
        })
        .from(scans)
        .where(and(eq(scans.id, id), inVisibleGroupWhere(db, viewer, scans.groupId)));
      if (!scan) return undefined;
      const { status, createdAt, startedAt, finishedAt } = scan;
      if (status !== 'R') return { status, createdAt, startedAt, finishedAt, sizes: new Map() };
      if (scan.unsplit) await ensureSplit(db, id);
      else if (scan.itemsVersion < ITEMS_VERSION) await ensureItemsCurrent(db, id);
      const rows = await db
        .select({ section: scanItems.section, kind: scanItems.kind, count: count() })
        .from(scanItems)
        .where(and(eq(scanItems.scanId, id), or(eq(scanItems.section, 'problem'), eq(scanItems.decoy, false))))
        .groupBy(scanItems.section, scanItems.kind);
      // File-tree nodes are files and the folders their paths imply: only files count. A node's
      // JSON text holds `"type":"file"` unescaped only as its own type (quotes in names are escaped).
      const [files] = await db
        .select({ count: count() })
        .from(scanItems)
        .where(and(eq(scanItems.scanId, id), eq(scanItems.section, 'file'), sql`strpos(${scanItems.item}, '"type":"file"') > 0`));
      const sizes = new Map<string, number>();
      const add = (key: string, n: number) => sizes.set(key, (sizes.get(key) ?? 0) + n);
      for (const row of rows) {
        add(row.section, row.count);
        if (row.section === ('problem' satisfies ScanItemSection)) add(`problem:${row.kind ?? ''}`, row.count);
      }
      if (sizes.has('file')) sizes.set('file', files?.count ?? 0);
      return { status, createdAt, startedAt, finishedAt, sizes };
    },
  };
}
