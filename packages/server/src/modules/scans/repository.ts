import { and, asc, count, eq, gt, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Identification, Problem, ProblemLevel } from '@binlens/engine/model';
import type { Db } from '../../db/client.ts';
import { groups, type ScanItemSection, scanItems, type ScanProgress, scans, type ScanStatus } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import { ITEMS_VERSION, searchNeedle } from './result-items.ts';
import { ensureItemsCurrent, ensureSplit } from './result-store.ts';
import { type ScanListFilter, scanListOrder, type ScanOrdering, scanListWhere } from './list-query.ts';
import type { VulnerabilityCounts } from './vulnerability-counts.ts';

export interface ScanRecord {
  id: number;
  groupId: number;
  groupName: string;
  filename: string;
  size: number;
  sha1: string;
  status: ScanStatus;
  progress: ScanProgress | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  componentCount: number | null;
  vulnerabilityCounts: VulnerabilityCounts | null;
  binaryRemovedAt: Date | null;
  verdictReason: string | null;
}

export interface ScanFilter extends ScanListFilter {
  ordering: ScanOrdering;
}

export interface NewScan {
  groupId: number;
  filename: string;
  size: number;
  sha1: string;
  sha256: string;
  blobKey: string;
  createdBy: number;
}

/** Which items of a section a list shows; every field narrows it. */
export interface ItemFilter {
  kind?: string | undefined;
  ids?: readonly number[] | undefined;
  /** False leaves documentation examples (infoleak decoys) out. */
  includeDecoys?: boolean | undefined;
  /** Case-insensitive substring of the item's search text. */
  search?: string | undefined;
  /** Exact pieces the search text must hold, each already in search form (e.g. result-items.ts missingNeedle). */
  holds?: readonly string[] | undefined;
  /** A further condition on the rows from another module: an infoleak's triage state (modules/infoleak-triages). */
  where?: SQL | undefined;
}

export interface ScansRepository {
  list(viewer: Viewer, filter: ScanFilter, page: PageRequest): Promise<{ rows: ScanRecord[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<ScanRecord | undefined>;
  /** The whole Identification of a visible scan (null until ready), with its status and file name; what SBOMs are written from. */
  findIdentification(viewer: Viewer, id: number): Promise<{ status: ScanStatus; filename: string; identification: Identification | null } | undefined>;
  /** The whole Identification as its stored JSON text (null until ready), with the scan's status and file name: what a portable scan file is written from, without a parse. */
  findIdentificationText(viewer: Viewer, id: number): Promise<{ status: ScanStatus; filename: string; json: string | null } | undefined>;
  /** What results are made of: the Identification's core (result-items.ts), null until ready. */
  findResultCore(viewer: Viewer, id: number): Promise<{ status: ScanStatus; core: Identification | null } | undefined>;
  /** A page of one list of a scan; undefined when the scan is not visible. Empty until it is ready. */
  items<T>(viewer: Viewer, id: number, section: ScanItemSection, filter: ItemFilter, page: PageRequest): Promise<{ status: ScanStatus; rows: T[]; count: number } | undefined>;
  /** Problems of one level, or undefined when the scan is not visible. */
  problems(viewer: Viewer, id: number, level: ProblemLevel, page: PageRequest): Promise<{ rows: Problem[]; count: number } | undefined>;
  create(scan: NewScan): Promise<number>;
  markFailed(id: number, error: string): Promise<void>;
}

export function createScansRepository(db: Db): ScansRepository {
  const columns = {
    id: scans.id,
    groupId: scans.groupId,
    groupName: groups.name,
    filename: scans.filename,
    size: scans.size,
    sha1: scans.sha1,
    status: scans.status,
    progress: scans.progress,
    error: scans.error,
    createdAt: scans.createdAt,
    finishedAt: scans.finishedAt,
    vulnerabilityCounts: scans.vulnerabilityCounts,
    componentCount: scans.componentCount,
    binaryRemovedAt: scans.binaryRemovedAt,
    verdictReason: scans.verdictReason,
  };
  const visibleScan = (viewer: Viewer, id: number) => and(eq(scans.id, id), inVisibleGroupWhere(db, viewer, scans.groupId));

  async function items<T>(viewer: Viewer, id: number, section: ScanItemSection, filter: ItemFilter, page: PageRequest) {
    const [scan] = await db
      .select({ status: scans.status, unsplit: isNull(scans.resultCore), itemsVersion: scans.itemsVersion })
      .from(scans)
      .where(visibleScan(viewer, id));
    if (!scan) return undefined;
    if (scan.status === 'R' && scan.unsplit) await ensureSplit(db, id);
    else if (scan.status === 'R' && scan.itemsVersion < ITEMS_VERSION) await ensureItemsCurrent(db, id);
    const base = and(eq(scanItems.scanId, id), eq(scanItems.section, section), filter.kind === undefined ? undefined : eq(scanItems.kind, filter.kind));
    const shownOnly = filter.includeDecoys === false;
    const holds = filter.holds ?? [];
    if (filter.ids === undefined && filter.search === undefined && holds.length === 0 && filter.where === undefined) {
      // A plain list: its page is an index seek on the list's own position, its count the last position.
      const position = filter.kind === undefined ? (shownOnly ? scanItems.shownIdx : scanItems.idx) : shownOnly ? scanItems.kindShownIdx : scanItems.kindIdx;
      const [rows, [last]] = await Promise.all([
        db.select({ item: scanItems.item }).from(scanItems).where(and(base, gt(position, page.offset))).orderBy(asc(position)).limit(page.limit),
        db.select({ value: max(position) }).from(scanItems).where(base),
      ]);
      return { status: scan.status, rows: rows.map((row) => row.item as T), count: last?.value ?? 0 };
    }
    const where = and(
      base,
      filter.ids === undefined ? undefined : inArray(scanItems.idx, [...filter.ids]),
      shownOnly ? eq(scanItems.decoy, false) : undefined,
      filter.search === undefined ? undefined : sql`strpos(${scanItems.search}, ${searchNeedle(filter.search)}) > 0`,
      ...holds.map((needle) => sql`strpos(${scanItems.search}, ${needle}) > 0`),
      filter.where,
    );
    const [rows, [total]] = await Promise.all([
      db.select({ item: scanItems.item }).from(scanItems).where(where).orderBy(asc(scanItems.idx)).limit(page.limit).offset(page.offset),
      db.select({ value: count() }).from(scanItems).where(where),
    ]);
    return { status: scan.status, rows: rows.map((row) => row.item as T), count: total?.value ?? 0 };
  }

  return {
    async list(viewer, filter, page) {
      // The list's filters, search and orderings: list-query.ts.
      const where = scanListWhere(db, viewer, filter);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(scans)
          .innerJoin(groups, eq(groups.id, scans.groupId))
          .where(where)
          .orderBy(...scanListOrder(filter.ordering, filter.q))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(scans).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },

    async findVisible(viewer, id) {
      const [row] = await db.select(columns).from(scans).innerJoin(groups, eq(groups.id, scans.groupId)).where(visibleScan(viewer, id));
      return row;
    },

    async findIdentification(viewer, id) {
      const [row] = await db
        .select({ status: scans.status, filename: scans.filename, identification: scans.identification })
        .from(scans)
        .where(visibleScan(viewer, id));
      return row;
    },

    async findIdentificationText(viewer, id) {
      // The column's own JSON text: selected as SQL, it is not parsed by json-text.ts.
      const [row] = await db
        .select({ status: scans.status, filename: scans.filename, json: sql<string | null>`${scans.identification}` })
        .from(scans)
        .where(visibleScan(viewer, id));
      return row;
    },

    async findResultCore(viewer, id) {
      const [row] = await db.select({ status: scans.status, core: scans.resultCore }).from(scans).where(visibleScan(viewer, id));
      if (row?.status === 'R' && row.core === null) return { status: row.status, core: (await ensureSplit(db, id)) ?? null };
      return row;
    },

    items,

    async problems(viewer, id, level, page) {
      return items<Problem>(viewer, id, 'problem', { kind: level }, page);
    },

    async create(scan) {
      const [row] = await db.insert(scans).values({ ...scan, status: 'B' }).returning({ id: scans.id });
      if (!row) throw new Error('insert into scans returned no row');
      return row.id;
    },

    async markFailed(id, error) {
      await db.update(scans).set({ status: 'F', error, finishedAt: new Date() }).where(eq(scans.id, id));
    },
  };
}
