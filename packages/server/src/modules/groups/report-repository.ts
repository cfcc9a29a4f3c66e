import { and, asc, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { groups } from '../../db/schema/index.ts';
import type { Viewer } from '../users/viewer.ts';
import { visibleGroupsWhere } from './scope.ts';

export interface ReportGroupRow {
  id: number;
  name: string;
  searchPath: string;
  scans: number;
  critical: number;
  high: number;
  medium: number;
  low: number;
  missing: number;
}

export interface GroupsReportRepository {
  /** The groups the viewer sees whose name contains q, in tree order, with their scans' counts; at most `limit`. */
  rows(viewer: Viewer, q: string | undefined, limit: number): Promise<ReportGroupRow[]>;
  /** Names of those groups with these ids (ancestors along search paths) that the viewer sees. */
  names(viewer: Viewer, ids: readonly number[]): Promise<Map<number, string>>;
}

// Correlated subqueries name their columns in full: drizzle leaves columns unqualified inside a
// select's sql, where "id" would be the scan's own.
const SCANS_OF_GROUP = sql.raw('from scans as s where s.group_id = "groups"."id"');

/** The sum of one severity over a group's scans (vulnerability_counts is null until a scan is evaluated). */
const total = (severity: string) =>
  sql<number>`coalesce((select sum((s.vulnerability_counts ->> ${severity})::integer) ${SCANS_OF_GROUP}), 0)::integer`;

export function createGroupsReportRepository(db: Db): GroupsReportRepository {
  return {
    async rows(viewer, q, limit) {
      return db
        .select({
          id: groups.id,
          name: groups.name,
          searchPath: groups.searchPath,
          scans: sql<number>`(select count(*) ${SCANS_OF_GROUP})::integer`,
          critical: total('critical'),
          high: total('high'),
          medium: total('medium'),
          low: total('low'),
          missing: total('missing'),
        })
        .from(groups)
        .where(and(visibleGroupsWhere(db, viewer), q ? ilike(groups.name, containing(q)) : undefined))
        .orderBy(asc(groups.searchPath), asc(groups.id))
        .limit(limit);
    },
    async names(viewer, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(and(inArray(groups.id, [...ids]), visibleGroupsWhere(db, viewer)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
