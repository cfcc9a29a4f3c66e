// The scans a scans report lists: the scan list's visibility and filters (list-query.ts) with
// the report's own (uploader, ids), and the groups' search paths to name each scan's place.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groups, scans, type ScanStatus } from '../../db/schema/index.ts';
import { visibleGroupsWhere } from '../groups/scope.ts';
import { SCAN_VERDICT, type ScanVerdict, scanListWhere } from '../scans/list-query.ts';
import type { VulnerabilityCounts } from '../scans/vulnerability-counts.ts';
import type { Viewer } from '../users/viewer.ts';

export interface ScansReportFilter {
  groupId?: number | undefined;
  q?: string | undefined;
  /** Only the scans this user uploaded. */
  userId?: number | undefined;
  ids?: readonly number[] | undefined;
}

export interface ScansReportRow {
  id: number;
  filename: string;
  sha1: string;
  groupId: number;
  groupName: string;
  groupSearchPath: string;
  status: ScanStatus;
  verdict: ScanVerdict | null;
  vulnerabilityCounts: VulnerabilityCounts | null;
  componentCount: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface ScansReportRepository {
  /** The scans the viewer sees that the filter selects, by id, at most `limit`. */
  rows(viewer: Viewer, filter: ScansReportFilter, limit: number): Promise<ScansReportRow[]>;
  /** Names of the groups with these ids (ancestors along search paths) that the viewer sees. */
  groupNames(viewer: Viewer, ids: readonly number[]): Promise<Map<number, string>>;
}

export function createScansReportRepository(db: Db): ScansReportRepository {
  return {
    async rows(viewer, filter, limit) {
      if (filter.ids?.length === 0) return [];
      return db
        .select({
          id: scans.id,
          filename: scans.filename,
          sha1: scans.sha1,
          groupId: scans.groupId,
          groupName: groups.name,
          groupSearchPath: groups.searchPath,
          status: scans.status,
          verdict: SCAN_VERDICT,
          vulnerabilityCounts: scans.vulnerabilityCounts,
          componentCount: scans.componentCount,
          createdAt: scans.createdAt,
          finishedAt: scans.finishedAt,
        })
        .from(scans)
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(and(
          scanListWhere(db, viewer, { groupId: filter.groupId, q: filter.q }),
          filter.userId === undefined ? undefined : eq(scans.createdBy, filter.userId),
          filter.ids === undefined ? undefined : inArray(scans.id, [...filter.ids]),
        ))
        .orderBy(asc(scans.id))
        .limit(limit);
    },
    async groupNames(viewer, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(and(inArray(groups.id, [...ids]), visibleGroupsWhere(db, viewer)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

