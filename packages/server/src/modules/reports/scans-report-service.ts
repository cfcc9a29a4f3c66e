// Spec §7 POST /scans/report/: one CSV line per selected scan the caller sees, with the
// counts the scan list shows (stored by the re-evaluation job, not evaluated per report:
// a report over thousands of scans must not evaluate each of them).
import type { Attachment } from '../../lib/attachment.ts';
import type { Viewer } from '../users/viewer.ts';
import { csvDocument, type CsvValue } from './csv.ts';
import type { ScansReportFilter, ScansReportRepository, ScansReportRow } from './scans-report-repository.ts';

/** Scans a report lists at most, lowest ids first. */
export const MAX_REPORT_SCANS = 10_000;

export const SCANS_REPORT_COLUMNS = [
  'id', 'name', 'group', 'sha1', 'status', 'verdict', 'critical', 'high', 'medium', 'low', 'unscored', 'triaged', 'components', 'last_updated',
] as const;

const STATUS_WORDS: Readonly<Record<string, string>> = { B: 'busy', S: 'busy', P: 'busy', D: 'busy', R: 'ready', F: 'failed' };
const VERDICT_WORDS: Readonly<Record<string, string>> = { pass: 'PASS', vulns: 'VULNS', na: 'N/A', verify: 'VERIFY' };

export interface ScansReportService {
  csv(viewer: Viewer, filter: ScansReportFilter): Promise<Attachment>;
}

export function createScansReportService(deps: { report: ScansReportRepository }): ScansReportService {
  return {
    async csv(viewer, filter) {
      const rows = await deps.report.rows(viewer, { ...filter, q: filter.q?.trim() || undefined }, MAX_REPORT_SCANS);
      const ancestorIds = [...new Set(rows.flatMap((row) => pathIds(row).slice(0, -1)))];
      const names = await deps.report.groupNames(viewer, ancestorIds);
      // A group's path names its ancestors from the top, then itself: "Devices / Routers".
      const pathOf = (row: ScansReportRow) => [...pathIds(row).slice(0, -1).map((id) => names.get(id) ?? '…'), row.groupName].join(' / ');
      return { body: csvDocument(SCANS_REPORT_COLUMNS, rows.map((row) => line(row, pathOf(row)))), mediaType: 'text/csv', fileName: 'scans-report.csv' };
    },
  };
}

function line(row: ScansReportRow, groupPath: string): CsvValue[] {
  const counts = row.status === 'R' ? row.vulnerabilityCounts : null;
  const count = (key: keyof NonNullable<ScansReportRow['vulnerabilityCounts']>) => (counts ? (counts[key] ?? 0) : null);
  return [
    row.id, row.filename, groupPath, row.sha1, STATUS_WORDS[row.status] ?? row.status, row.verdict ? (VERDICT_WORDS[row.verdict] ?? row.verdict) : null,
    count('critical'), count('high'), count('medium'), count('low'), count('missing'), count('triaged'),
    row.status === 'R' ? row.componentCount : null,
    (row.finishedAt ?? row.createdAt).toISOString(),
  ];
}

function pathIds(row: ScansReportRow): number[] {
  return row.groupSearchPath.split('.').map(Number);
}
