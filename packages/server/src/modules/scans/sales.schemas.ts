// GET /rest/sales/scans/{id}/ (spec §7): one scan as the sales view shows it to people outside
// the team. Only what describes the file and its findings: never the group, the uploader,
// custom data, comments, the progress or the failure text (which may name workers and paths).
import { type Static, Type } from 'typebox';
import { ScanStatus, VulnerabilityCounts } from './schemas.ts';

export const SalesScan = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'The file name.' }),
  status: ScanStatus,
  size: Type.Number({ description: 'Bytes.' }),
  sha1: Type.String(),
  sha256: Type.String(),
  created: Type.String({ format: 'date-time' }),
  finished: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  component_count: Type.Union([Type.Integer(), Type.Null()], { description: 'Null until the scan is ready.' }),
  vulnerability_counts: Type.Union([VulnerabilityCounts, Type.Null()], {
    description: 'Distinct vulnerabilities by CVSS v3 severity (v2 when v3 is missing). Null until first evaluated.',
  }),
  verdict: Type.Union([Type.Literal('na'), Type.Literal('verify'), Type.Literal('pass'), Type.Literal('vulns'), Type.Null()], {
    description: 'Spec §4, as the scan\'s own verdict; null until ready.',
  }),
  verdict_reason: Type.Union([Type.String(), Type.Null()]),
}, { title: 'SalesScan' });
export type SalesScan = Static<typeof SalesScan>;
