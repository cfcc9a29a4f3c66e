import { Type } from 'typebox';
import { Id, Text } from '../../lib/schemas.ts';

const CvssVersion = Type.Union([Type.Literal(2), Type.Literal(3)], {
  description: 'The CVSS version whose scores and severities the PDF shows (3, the default, falls back to 2 where a vulnerability has no v3 score). The CSVs hold both.',
});

export const ScanReportQuery = Type.Object({
  format: Type.Union([Type.Literal('pdf'), Type.Literal('csv-components'), Type.Literal('csv-vulnerabilities')], {
    description: 'pdf: the report for people; csv-components: one row per component; csv-vulnerabilities: one row per vulnerability and file, as DefectDojo imports it.',
  }),
  cvss_version: Type.Optional(CvssVersion),
});

export const ApiReportQuery = Type.Object({ cvss_version: Type.Optional(CvssVersion) });

export const ScansReportQuery = Type.Object({
  report: Type.Optional(Type.Literal('csv', { description: 'The kind of report: csv (the only one, and the default).' })),
  user: Type.Optional(Id),
  group: Type.Optional(Id),
  q: Type.Optional(Text({ maxLength: 255, description: 'As the scan list takes it: a SHA-1 or SHA-256, name:NAME, meta:KEY=VALUE, or text in the name.' })),
  id__in: Type.Optional(Type.String({ maxLength: 110_000, description: 'Comma-separated scan ids: only these.' })),
});

const PDF = { 'application/pdf': { schema: Type.String({ format: 'binary' }) } };
const CSV = { 'text/csv': { schema: Type.String() } };

export const ScanReportDocument = { description: 'The report, as an attachment named after the scan.', content: { ...PDF, ...CSV } };
export const PdfReportDocument = { description: 'The PDF report, as an attachment named after the scan.', content: PDF };
export const CsvReportDocument = { description: 'The CSV, as an attachment named after the scan.', content: CSV };
