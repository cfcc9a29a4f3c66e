// What the summary of a scan counts in its stored lists (scan_items, result-items.ts): leaks by
// kind, executables by missing mitigation, mobile apps. Never a page of items to the client.
import { and, asc, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scanItems, scans, type ScanStatus } from '../../db/schema/index.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import { ITEMS_VERSION } from './result-items.ts';
import { ensureItemsCurrent, ensureSplit } from './result-store.ts';

/** Counts of a ready scan's lists. */
export interface ScanListCounts {
  /** Non-decoy leaks by kind, most first, then by kind. */
  infoleaks: { kind: string; count: number }[];
  executables: number;
  /** Executables by missing mitigation, most first, then by name. */
  missing: { mitigation: string; count: number }[];
  mobileApps: number;
}

export interface ScanSummaryFacts {
  status: ScanStatus;
  /** Why the verdict is N/A, as stored when the scan turned ready. */
  verdictReason: string | null;
  /** Null until the scan is ready. */
  lists: ScanListCounts | null;
}

export interface ScanSummaryRepository {
  /** A visible scan's status and, once ready, the counts of its lists; undefined when the viewer cannot see it. */
  facts(viewer: Viewer, id: number): Promise<ScanSummaryFacts | undefined>;
}

/** Executables read per query: each is a small JSON object, only `missing` is kept. */
const EXECUTABLE_BATCH = 1000;

export function createScanSummaryRepository(db: Db): ScanSummaryRepository {
  const sectionOf = (id: number, section: 'infoleak' | 'executable' | 'mobile_app') => and(eq(scanItems.scanId, id), eq(scanItems.section, section));

  async function missingMitigations(id: number): Promise<ScanListCounts['missing']> {
    const counts = new Map<string, number>();
    for (let after = 0; ; ) {
      const rows = await db
        .select({ idx: scanItems.idx, item: scanItems.item })
        .from(scanItems)
        .where(and(sectionOf(id, 'executable'), gt(scanItems.idx, after)))
        .orderBy(asc(scanItems.idx))
        .limit(EXECUTABLE_BATCH);
      for (const row of rows) {
        // An executable counts once per mitigation it misses.
        for (const mitigation of new Set(missingOf(row.item))) counts.set(mitigation, (counts.get(mitigation) ?? 0) + 1);
      }
      const last = rows.at(-1);
      if (rows.length < EXECUTABLE_BATCH || !last) break;
      after = last.idx;
    }
    return [...counts]
      .map(([mitigation, count]) => ({ mitigation, count }))
      .sort((a, b) => b.count - a.count || a.mitigation.localeCompare(b.mitigation));
  }

  async function lists(id: number): Promise<ScanListCounts> {
    const [leaks, sizes, missing] = await Promise.all([
      db
        .select({ kind: scanItems.kind, count: count() })
        .from(scanItems)
        .where(and(sectionOf(id, 'infoleak'), eq(scanItems.decoy, false)))
        .groupBy(scanItems.kind)
        .orderBy(desc(count()), asc(scanItems.kind)),
      db
        .select({ section: scanItems.section, count: count() })
        .from(scanItems)
        .where(and(eq(scanItems.scanId, id), inArray(scanItems.section, ['executable', 'mobile_app'])))
        .groupBy(scanItems.section),
      missingMitigations(id),
    ]);
    const size = (section: string) => sizes.find((row) => row.section === section)?.count ?? 0;
    return {
      infoleaks: leaks.map((row) => ({ kind: row.kind ?? '', count: row.count })),
      executables: size('executable'),
      missing,
      mobileApps: size('mobile_app'),
    };
  }

  return {
    async facts(viewer, id) {
      const [scan] = await db
        .select({ status: scans.status, verdictReason: scans.verdictReason, unsplit: isNull(scans.resultCore), itemsVersion: scans.itemsVersion })
        .from(scans)
        .where(and(eq(scans.id, id), inVisibleGroupWhere(db, viewer, scans.groupId)));
      if (!scan) return undefined;
      if (scan.status !== 'R') return { status: scan.status, verdictReason: scan.verdictReason, lists: null };
      // As every reader of a scan's lists: split a scan stored before the split, or whose items an older split wrote.
      if (scan.unsplit) await ensureSplit(db, id);
      else if (scan.itemsVersion < ITEMS_VERSION) await ensureItemsCurrent(db, id);
      return { status: scan.status, verdictReason: scan.verdictReason, lists: await lists(id) };
    },
  };
}

/** An executable item's missing mitigations (analysis.schemas.ts ExecutableAttributes.missing). */
function missingOf(item: unknown): string[] {
  const missing = typeof item === 'object' && item !== null ? (item as { missing?: unknown }).missing : undefined;
  return Array.isArray(missing) ? missing.filter((m): m is string => typeof m === 'string') : [];
}
