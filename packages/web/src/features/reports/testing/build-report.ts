import type { ReportJob } from '../../../lib/api-schemas.ts';

/** A ready PDF report of scan 42, as GET /rest/reports/{id}/ answers it. */
export function buildReport(overrides: Partial<ReportJob> = {}): ReportJob {
  return {
    id: 7, kind: 'scan', format: 'pdf', name: 'router-fw.bin.pdf', state: 'ready', error: null, size: 48213,
    scan: 42, cvss_version: 3, q: null, id__in: null, group: null, user: null,
    created: '2026-12-01T09:30:00Z', finished: '2026-12-01T09:30:05Z',
    ...overrides,
  };
}
