import { type Static, Type } from 'typebox';
import { Id, Text } from '../../lib/schemas.ts';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import { Triage } from '../triages/schemas.ts';
import { SCAN_ORDERINGS } from './list-query.ts';

// Spec §4: R ready; B, S, P, D busy; F failed. This server sets B while queued or running.
export const ScanStatus = Type.Union([Type.Literal('R'), Type.Literal('B'), Type.Literal('S'), Type.Literal('P'), Type.Literal('D'), Type.Literal('F')], {
  description: 'R ready; F failed; busy: B queued (waiting for a worker), S started (fetching, unpacking), P processing (analysing the files), D finishing (bill of materials, storing the result).',
});

export const ScannerProcessProgress = Type.Object({
  name: Type.String({ description: 'Spec §9 scanner process: downloading file, file extractors, BOM matching, BOM postprocessing, custom pattern search, infoleak, Rapid Scan Static, other.' }),
  files_done: Type.Number(),
  files_total: Type.Number(),
  bytes_done: Type.Union([Type.Number(), Type.Null()]),
  bytes_total: Type.Union([Type.Number(), Type.Null()], { description: 'File extractors only: bytes of every file found so far.' }),
  started: Type.String({ format: 'date-time' }),
  finished: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
}, { title: 'ScannerProcessProgress' });

export const ScanProgress = Type.Object({
  stage: Type.String({ description: 'The current scanner process.' }),
  done: Type.Number(),
  total: Type.Number(),
  status: Type.Optional(Type.Union([Type.Literal('S'), Type.Literal('P'), Type.Literal('D')])),
  processes: Type.Optional(Type.Array(ScannerProcessProgress)),
  eta_seconds: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Seconds left by the rate so far; null until it can be told.' })),
}, { title: 'ScanProgress' });

export const VulnerabilityCounts = Type.Object({
  critical: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
  missing: Type.Integer(),
}, { title: 'VulnerabilityCounts' });

export const Scan = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  group: Type.Integer(),
  group_name: Type.String(),
  name: Type.String(),
  size: Type.Number(),
  sha1: Type.String(),
  status: ScanStatus,
  progress: Type.Union([ScanProgress, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  created: Type.String({ format: 'date-time' }),
  finished: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  cvss3_fallback: Type.Boolean(),
  include_bdsa_vulnerabilities: Type.Boolean(),
  component_count: Type.Union([Type.Integer(), Type.Null()], { description: 'Null until the scan is ready.' }),
  vulnerability_counts: Type.Union([VulnerabilityCounts, Type.Null()], {
    description: 'Distinct vulnerabilities by CVSS v3 severity (v2 when v3 is missing). Null until first evaluated; kept current when the knowledge base changes.',
  }),
  reused: Type.Optional(Type.Boolean({ description: 'Only in an upload\'s answer (200): true when the same bytes were already scanned in the group and that scan is answered (reuse_existing_scan).' })),
  verdict: Type.Union([Type.Literal('na'), Type.Literal('verify'), Type.Literal('pass'), Type.Literal('vulns'), Type.Null()], {
    description: 'Spec §4: na when no component was found (verdict_reason says why), verify while not yet evaluated, vulns when any vulnerability matched, pass otherwise; null until ready.',
  }),
  verdict_reason: Type.Union([Type.String(), Type.Null()]),
  binary_removed: Type.Boolean({ description: 'The uploaded file was removed (results kept): a rescan is refused.' }),
}, { title: 'Scan' });
export type Scan = Static<typeof Scan>;

export const ScanPage = Paged(Scan);

export { SCAN_ORDERINGS, type ScanOrdering } from './list-query.ts';

export const ScanListQuery = Type.Object({
  group: Type.Optional(Id),
  q: Type.Optional(Text({
    maxLength: 255,
    description: 'A 40- or 64-digit hex string finds the scans of exactly that SHA-1 or SHA-256; "name:NAME" the scans named exactly NAME; ' +
      '"meta:KEY" or "meta:KEY=VALUE" the scans with that custom data (key in any case, value trimmed, any case); any other text, the names holding it (any case), an equal name first.',
  })),
  status: Type.Optional(ScanStatus),
  verdict: Type.Optional(Type.Union([Type.Literal('na'), Type.Literal('verify'), Type.Literal('pass'), Type.Literal('vulns')], { description: 'Ready scans with this verdict (spec §4).' })),
  created__gte: Type.Optional(Type.String({ format: 'date-time', description: 'Created at or after this instant.' })),
  created__lte: Type.Optional(Type.String({ format: 'date-time', description: 'Created at or before this instant.' })),
  ordering: Type.Optional(Type.Union(SCAN_ORDERINGS.map((value) => Type.Literal(value)), {
    description: 'Default -created (newest first). sort_key is spec §9\'s severity key (critical, high, medium, low, missing, triages, historicals, each 4 digits); missing values sort last.',
  })),
  ...PageQuery,
});
export type ScanListQuery = Static<typeof ScanListQuery>;

export const ProblemQuery = Type.Object({ ...PageQuery });

export const Problem = Type.Object({
  level: Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]),
  location: Type.Array(Type.String()),
  plugin: Type.String(),
  code: Type.String(),
  message: Type.String(),
}, { title: 'Problem' });
export const ProblemPage = Paged(Problem);

export const ResultFileObject = Type.Object({
  sha1: Type.String(),
  exe_flags: Type.Array(Type.String()),
  matching_methods: Type.Array(Type.String()),
  extended_fullpath: Type.Array(Type.String()),
  docker: Type.Union([Type.Object({ 'whiteout-id': Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
}, { title: 'ResultFileObject' });

/** Why a vulnerability matched: mirrors VulnMatch in packages/vulndb/src/match/matchers.ts. */
const VulnMatch = Type.Object({
  source: Type.Union([
    Type.Literal('osv-purl'), Type.Literal('nvd-cpe'), Type.Literal('distro'),
    Type.Literal('cve5-cna'), Type.Literal('cve5-adp'), Type.Literal('nvd-override'), Type.Literal('vendor'),
  ]),
  record: Type.String({ description: 'The matched record: an OSV id, a CVE id, or distro:release/source-package.' }),
  exact: Type.Boolean({ description: 'False when an unknown version was assumed to be the latest.' }),
  criteria: Type.String({ description: 'The package or CPE criteria that matched.' }),
  range: Type.String(),
  fixed: Type.Union([Type.String(), Type.Null()]),
}, { title: 'VulnMatch' });

const ResultVuln = Type.Object({
  vuln_id: Type.String(),
  exact: Type.Boolean(),
  triages: Type.Array(Triage, { description: 'The triages that resolve it here (spec §9: every rationale but CO, without a re-scoring).' }),
  unresolved_triages: Type.Array(Triage, { description: 'The comments (CO) and re-scorings that hold for it here: it stays open.' }),
  matched_by: Type.Array(VulnMatch),
}, { title: 'ResultVuln' });

export const ResultComponent = Type.Object({
  uid: Type.String(),
  lib: Type.String(),
  version: Type.String(),
  custom_version: Type.Union([Type.String(), Type.Null()]),
  detected_version: Type.Union([Type.String(), Type.Null()], { description: 'The version the engine found, when a version override replaced it (version and custom_version then hold the override).' }),
  codetype: Type.String(),
  vendorlib: Type.String(),
  vendor: Type.String(),
  distro: Type.Union([Type.String(), Type.Null()]),
  component_id: Type.Union([Type.String(), Type.Null()]),
  purl: Type.String(),
  cpes: Type.Array(Type.String()),
  objects: Type.Array(ResultFileObject),
  vulns: Type.Array(ResultVuln),
  ignored_component_ids: Type.Array(Type.String()),
  license: Type.Array(Type.String()),
  license_overrides: Type.Array(Type.Object({
    id: Type.Integer(),
    scan: Type.Union([Type.Integer(), Type.Null()]),
    component_name: Type.String(),
    component_version: Type.Union([Type.String(), Type.Null()]),
    scope: Type.Integer({ description: '1 result, 2 group, 3 global.' }),
    group_scope: Type.Union([Type.Integer(), Type.Null()]),
    result_scope: Type.Union([Type.Integer(), Type.Null()]),
    license_name: Type.String(),
  }, { title: 'ResultLicenseOverride' }), { description: 'The licence overrides that hold for the component, the one shown first; removing it falls back to the next or to the detected licence.' }),
  name_override: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  tags: Type.Array(Type.String()),
  upgrade: Type.Object({
    nearest_fix: Type.Union([Type.String(), Type.Null()], { description: 'The lowest version above this one that fixes every known vulnerability; null when none is known.' }),
    latest_known: Type.Union([Type.String(), Type.Null()], { description: 'The highest version any known range names.' }),
  }, { title: 'UpgradeGuidance' }),
  historical: Type.Optional(Type.Array(ResultVuln, { description: 'Vulnerabilities of earlier versions (when asked for).' })),
}, { title: 'ResultComponent' });

/** Mirrors ScanResult in packages/engine/src/model/scan-result.ts, plus the state of the knowledge base it was evaluated against. */
export const ResultVulnerability = Type.Object({
  vuln_id: Type.String(),
  summary: Type.String(),
  severity: Type.Union([Type.String(), Type.Null()], { description: 'In the scan\'s CVSS version, or the fallback\'s; null when unscored.' }),
  score: Type.Union([Type.Number(), Type.Null()]),
  score_version: Type.Union([Type.String(), Type.Null()]),
  epss: Type.Union([Type.Object({ score: Type.Number(), percentile: Type.Number(), date: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  kev: Type.Union([Type.Object({ date_added: Type.String(), due_date: Type.Union([Type.String(), Type.Null()]), ransomware: Type.String() }), Type.Null()]),
}, { title: 'ResultVulnerability' });
export type ResultVulnerability = Static<typeof ResultVulnerability>;

export const ScanResult = Type.Object({
  components: Type.Array(ResultComponent),
  vulnerabilities: Type.Record(Type.String(), ResultVulnerability, { description: 'Every vulnerability the components list, by id: its severity, score, EPSS and KEV.' }),
  licenses: Type.Array(Type.Object({ name: Type.String() })),
  'docker-images': Type.Array(Type.Unknown()),
  knowledge_base: KnowledgeBaseSummary,
}, { title: 'ScanResult' });

export const UploadParams = Type.Object({ id: Id });
