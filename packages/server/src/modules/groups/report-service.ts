import type { Viewer } from '../users/viewer.ts';
import type { GroupsReportRepository, ReportGroupRow } from './report-repository.ts';

/** Spec §7 POST /groups/report/: the groups the caller sees that match q, as CSV. */
export interface GroupsReportService {
  csv(viewer: Viewer, q: string | undefined): Promise<string>;
}

/** Rows a report holds at most. */
export const MAX_REPORT_GROUPS = 10_000;

const HEADER = ['path', 'name', 'scans', 'critical', 'high', 'medium', 'low', 'missing'];

export function createGroupsReportService(deps: { report: GroupsReportRepository }): GroupsReportService {
  return {
    async csv(viewer, q) {
      const rows = await deps.report.rows(viewer, q?.trim() || undefined, MAX_REPORT_GROUPS);
      const ancestorIds = [...new Set(rows.flatMap((row) => pathIds(row).slice(0, -1)))];
      const names = await deps.report.names(viewer, ancestorIds);
      const lines = rows.map((row) => {
        // A group's path names its ancestors from the top, then itself: "Devices / Routers".
        const path = [...pathIds(row).slice(0, -1).map((id) => names.get(id) ?? '…'), row.name].join(' / ');
        return [path, row.name, row.scans, row.critical, row.high, row.medium, row.low, row.missing];
      });
      return [HEADER, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
    },
  };
}

function pathIds(row: ReportGroupRow): number[] {
  return row.searchPath.split('.').map(Number);
}

/**
 * RFC 4180 quoting, and a text cell a spreadsheet would run as a formula ("=cmd|' /C calc'!A0",
 * "+1", "-1", "@SUM(A1)") is prefixed with ' so it stays text.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value; // "=HYPERLINK(...)" → "'=HYPERLINK(...)"
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text; // 'a "b", c' → '"a ""b"", c"'
}
