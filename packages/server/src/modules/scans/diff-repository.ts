// What a diff reads of a ready scan besides its result core: every executable's path and
// missing mitigations, from its stored items (result-items.ts), a batch at a time.
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanItems, scans } from '../../db/schema/index.ts';
import type { DiffInputExecutable } from './diff.ts';
import { ITEMS_VERSION } from './result-items.ts';
import { ensureItemsCurrent, ensureSplit } from './result-store.ts';

export interface ScanDiffRepository {
  /** The executables of a ready scan the caller found visible, in list order. */
  executables(scanId: number): Promise<DiffInputExecutable[]>;
}

/** Items read per query: each is a small JSON object, only its path and `missing` are kept. */
const BATCH = 1000;

export function createScanDiffRepository(db: Db): ScanDiffRepository {
  return {
    async executables(scanId) {
      const [scan] = await db.select({ unsplit: isNull(scans.resultCore), itemsVersion: scans.itemsVersion }).from(scans).where(eq(scans.id, scanId));
      if (!scan) return [];
      // As every reader of a scan's lists: split a scan stored before the split, or whose items an older split wrote.
      if (scan.unsplit) await ensureSplit(db, scanId);
      else if (scan.itemsVersion < ITEMS_VERSION) await ensureItemsCurrent(db, scanId);
      const executables: DiffInputExecutable[] = [];
      for (let after = 0; ; ) {
        const rows = await db
          .select({ idx: scanItems.idx, item: scanItems.item })
          .from(scanItems)
          .where(and(eq(scanItems.scanId, scanId), eq(scanItems.section, 'executable'), gt(scanItems.idx, after)))
          .orderBy(asc(scanItems.idx))
          .limit(BATCH);
        for (const row of rows) executables.push(executableOf(row.item));
        const last = rows.at(-1);
        if (rows.length < BATCH || !last) break;
        after = last.idx;
      }
      return executables;
    },
  };
}

/** An executable item's path and missing mitigations (analysis.schemas.ts ExecutableAttributes). */
function executableOf(item: unknown): DiffInputExecutable {
  const { path, missing } = (typeof item === 'object' && item !== null ? item : {}) as { path?: unknown; missing?: unknown };
  return { path: strings(path), missing: strings(missing) };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
