import { Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, Text } from '../../lib/schemas.ts';

export const ReportJobBody = Type.Object({
  kind: Type.Union([Type.Literal('scan'), Type.Literal('scans')], { description: 'scan: a report of one ready scan; scans: a CSV over the scans the caller sees that the filters select.' }),
  format: Type.Union([Type.Literal('pdf'), Type.Literal('csv-components'), Type.Literal('csv-vulnerabilities'), Type.Literal('csv')], {
    description: 'pdf, csv-components or csv-vulnerabilities for a scan report; csv for a scans report.',
  }),
  scan: Type.Optional(Id),
  cvss_version: Type.Optional(Type.Union([Type.Literal(2), Type.Literal(3)], { description: 'The CVSS version the PDF shows (3 by default).' })),
  q: Type.Optional(Text({ maxLength: 255, description: 'As the scan list takes it: a SHA-1 or SHA-256, name:NAME, meta:KEY=VALUE, or text in the name.' })),
  id__in: Type.Optional(Type.String({ maxLength: 110_000, description: 'Comma-separated scan ids: only these.' })),
  group: Type.Optional(Id),
  user: Type.Optional(Id),
}, { additionalProperties: false });

export const ReportJob = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('scan'), Type.Literal('scans')]),
  format: Type.Union([Type.Literal('pdf'), Type.Literal('csv-components'), Type.Literal('csv-vulnerabilities'), Type.Literal('csv')]),
  name: Type.String({ description: "The document's file name." }),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('failed')]),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed; null otherwise.' }),
  size: Type.Union([Type.Integer(), Type.Null()], { description: 'Bytes of the document once ready.' }),
  scan: Type.Union([Id, Type.Null()]),
  cvss_version: Type.Union([Type.Literal(2), Type.Literal(3), Type.Null()]),
  q: Type.Union([Type.String(), Type.Null()]),
  id__in: Type.Union([Type.Array(Id), Type.Null()]),
  group: Type.Union([Id, Type.Null()]),
  user: Type.Union([Id, Type.Null()]),
  created: Type.String({ format: 'date-time' }),
  finished: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
}, { title: 'ReportJob' });

export const ReportJobPage = Paged(ReportJob);
export const ReportJobListQuery = Type.Object({ ...PageQuery });

export const ReportJobDocument = {
  description: 'The report, as an attachment.',
  content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) }, 'text/csv': { schema: Type.String() } },
};
