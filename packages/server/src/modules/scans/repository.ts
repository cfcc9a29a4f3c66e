import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Identification, Problem, ProblemLevel } from '@binlens/engine/model';
import { rowsOf } from '@binlens/vulndb';
import type { Db } from '../../db/client.ts';
import { groups, type ScanProgress, scans, type ScanStatus } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
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

export interface ScansRepository {
  list(viewer: Viewer, filter: { groupId?: number | undefined }, page: PageRequest): Promise<{ rows: ScanRecord[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<ScanRecord | undefined>;
  findIdentification(viewer: Viewer, id: number): Promise<{ status: ScanStatus; identification: Identification | null } | undefined>;
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
    // Counted in the database so lists never load whole identifications.
    componentCount: sql<number | null>`jsonb_array_length(${scans.identification} -> 'components')`.mapWith((v) =>
      v === null ? null : Number(v),
    ),
  };
  const visibleScan = (viewer: Viewer, id: number) => and(eq(scans.id, id), inVisibleGroupWhere(db, viewer, scans.groupId));

  return {
    async list(viewer, filter, page) {
      const where = and(
        inVisibleGroupWhere(db, viewer, scans.groupId),
        filter.groupId === undefined ? undefined : eq(scans.groupId, filter.groupId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(scans)
          .innerJoin(groups, eq(groups.id, scans.groupId))
          .where(where)
          .orderBy(desc(scans.createdAt), desc(scans.id))
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
        .select({ status: scans.status, identification: scans.identification })
        .from(scans)
        .where(visibleScan(viewer, id));
      return row;
    },

    async problems(viewer, id, level, page) {
      const [scan] = await db.select({ id: scans.id }).from(scans).where(visibleScan(viewer, id));
      if (!scan) return undefined;
      // Filtered and paged in the database: a firmware scan can carry thousands of problems.
      const matching = sql`from ${scans}, jsonb_array_elements(coalesce(${scans.identification} -> 'problems', '[]'::jsonb)) with ordinality as p(problem, position)
        where ${scans.id} = ${id} and p.problem ->> 'level' = ${level}`;
      const [rows, totals] = await Promise.all([
        db.execute(sql`select p.problem ${matching} order by p.position limit ${page.limit} offset ${page.offset}`),
        db.execute(sql`select count(*) as total ${matching}`),
      ]);
      return { rows: rowsOf<{ problem: Problem }>(rows).map((row) => row.problem), count: Number(rowsOf<{ total: number | string }>(totals)[0]?.total ?? 0) };
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
