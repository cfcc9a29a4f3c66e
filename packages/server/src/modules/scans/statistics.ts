import { count, type SQL, sql } from 'drizzle-orm';
import { type Static, Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { scans, type ScanStatus } from '../../db/schema/index.ts';
import type { Viewer } from '../users/viewer.ts';
import { SCAN_VERDICT, type ScanListFilter, scanListWhere } from './list-query.ts';

const Counts = <K extends string>(keys: readonly K[], title: string) =>
  Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Integer()])) as Record<K, ReturnType<typeof Type.Integer>>, { title });

const STATUSES = ['R', 'B', 'S', 'P', 'D', 'F'] as const satisfies readonly ScanStatus[];
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'missing'] as const;
const HIGHEST = [...SEVERITIES, 'none', 'unknown'] as const;
const VERDICTS = ['na', 'verify', 'pass', 'vulns'] as const;

export const ScanStatistics = Type.Object({
  count: Type.Integer({ description: 'The scans the caller sees that match the filters.' }),
  by_status: Counts(STATUSES, 'ScanStatusCounts'),
  by_verdict: Counts(VERDICTS, 'ScanVerdictCounts'),
  by_highest_severity: Counts(HIGHEST, 'ScanHighestSeverityCounts'),
  vulnerabilities: Counts(SEVERITIES, 'ScanSeverityTotals'),
}, {
  title: 'ScanStatistics',
  description: 'by_verdict counts the ready scans by verdict (spec §4); by_highest_severity counts scans by their worst vulnerability (none: evaluated, no vulnerability; unknown: not evaluated yet); vulnerabilities sums the per-scan counts.',
});
export type ScanStatistics = Static<typeof ScanStatistics>;

export interface ScanStatisticsRepository {
  statistics(viewer: Viewer, filter: ScanListFilter): Promise<ScanStatistics>;
}

// The keys are this file's constants, written inline so that the grouped expression has no parameters
// (PostgreSQL matches a GROUP BY expression to its SELECT text, placeholders included).
const severity = (key: (typeof SEVERITIES)[number]) => sql`coalesce((${scans.vulnerabilityCounts} ->> ${sql.raw(`'${key}'`)})::int, 0)`;

/** The first severity with a count, in spec §9's order; none when evaluated clean, unknown before. */
const highest = sql<string>`case when ${scans.vulnerabilityCounts} is null then 'unknown' ${sql.join(
  SEVERITIES.map((key) => sql`when ${severity(key)} > 0 then ${sql.raw(`'${key}'`)}`),
  sql` `,
)} else 'none' end`;

/**
 * Statistics over the same rows as the list (list-query.ts), in one pass over them: GROUPING
 * SETS give a row per status, per verdict and per highest severity (the last with the sums).
 */
export function createScanStatisticsRepository(db: Db): ScanStatisticsRepository {
  return {
    async statistics(viewer, filter) {
      const sums = Object.fromEntries(SEVERITIES.map((key) => [key, sql<string>`coalesce(sum(${severity(key)}), 0)`])) as Record<(typeof SEVERITIES)[number], SQL<string>>;
      const rows = await db
        .select({
          set: sql<number>`grouping(${scans.status}, ${SCAN_VERDICT}, ${highest})`.mapWith(Number),
          status: scans.status,
          verdict: SCAN_VERDICT,
          highest,
          value: count(),
          ...sums,
        })
        .from(scans)
        .where(scanListWhere(db, viewer, filter))
        .groupBy(sql`grouping sets ((${scans.status}), (${SCAN_VERDICT}), (${highest}))`);
      const result: ScanStatistics = {
        count: 0,
        by_status: { R: 0, B: 0, S: 0, P: 0, D: 0, F: 0 },
        by_verdict: { na: 0, verify: 0, pass: 0, vulns: 0 },
        by_highest_severity: { critical: 0, high: 0, medium: 0, low: 0, missing: 0, none: 0, unknown: 0 },
        vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
      };
      // grouping() has a bit set for each expression the row is not grouped by: 0b011 is a status row, 0b101 a verdict row, 0b110 a severity row.
      for (const row of rows) {
        if (row.set === 0b011) {
          result.count += row.value;
          result.by_status[row.status] = row.value;
        } else if (row.set === 0b101) {
          if (row.verdict !== null) result.by_verdict[row.verdict] = row.value;
        } else {
          result.by_highest_severity[row.highest as (typeof HIGHEST)[number]] = row.value;
          for (const key of SEVERITIES) result.vulnerabilities[key] += Number(row[key]);
        }
      }
      return result;
    },
  };
}
