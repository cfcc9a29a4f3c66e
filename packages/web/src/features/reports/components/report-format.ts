import type { ReportJob } from '../../../lib/api-schemas.ts';

/** How each format is named on the pages. */
export const FORMAT_LABELS: Record<ReportJob['format'], string> = {
  pdf: 'PDF report',
  'csv-components': 'Components (CSV)',
  'csv-vulnerabilities': 'Vulnerabilities (CSV)',
  csv: 'Scans (CSV)',
};
