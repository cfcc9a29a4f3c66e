// GET /rest/scans/diff/?base=&target= (spec §2 /diff): what changed from one ready scan to another.
import { type Static, Type } from 'typebox';
import { Id } from '../../lib/schemas.ts';
import type { Assert, Same } from '../../lib/type-contract.ts';
import { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import type { ScanDiffBody } from './diff.ts';
import { VulnerabilityCounts } from './schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ScanDiffQuery = Type.Object({
  base: Id,
  target: Id,
});
export type ScanDiffQuery = Static<typeof ScanDiffQuery>;

export const ScanDiffScan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  group: Type.Integer(),
  group_name: Type.String(),
  sha1: Type.String(),
  created: Type.String({ format: 'date-time' }),
  finished: Nullable(Type.String({ format: 'date-time' })),
  component_count: Nullable(Type.Integer()),
}, { title: 'ScanDiffScan' });
export type ScanDiffScan = Static<typeof ScanDiffScan>;

const Severity = Type.Union([Type.Literal('critical'), Type.Literal('high'), Type.Literal('medium'), Type.Literal('low'), Type.Literal('missing')], {
  description: 'CVSS v3 severity, v2 when v3 is missing, missing when neither (as the scans\' vulnerability counts).',
});

export const DiffComponent = Type.Object({
  codetype: Type.String(),
  vendor: Type.String(),
  name: Type.String(),
  version: Type.String(),
  purl: Type.String(),
  licenses: Type.Array(Type.String()),
  vulnerabilities: Type.Integer({ description: 'Distinct vulnerabilities of the component in its scan.' }),
}, { title: 'DiffComponent' });

export const ChangedComponent = Type.Object({
  codetype: Type.String(),
  vendor: Type.String(),
  name: Type.String(),
  base_version: Type.String(),
  target_version: Type.String(),
  purl: Type.String({ description: "The target's." }),
  base_vulnerabilities: Type.Integer(),
  target_vulnerabilities: Type.Integer(),
}, { title: 'ChangedComponent' });

export const DiffVulnerability = Type.Object({
  vuln_id: Type.String(),
  severity: Severity,
  score: Nullable(Type.Number({ description: 'CVSS v3 base score, v2 when v3 is missing.' })),
  epss: Nullable(Type.Object({ score: Type.Number(), percentile: Type.Number(), date: Nullable(Type.String()) })),
  kev: Nullable(Type.Object({ date_added: Type.String(), due_date: Nullable(Type.String()), ransomware: Type.String() }, { description: "In CISA's Known Exploited Vulnerabilities catalog." })),
  components: Type.Array(Type.Object({ name: Type.String(), version: Type.String() }), {
    description: "The components it came with: the target's for a new vulnerability, the base's for a fixed one.",
  }),
}, { title: 'DiffVulnerability' });

export const DiffLicense = Type.Object({
  name: Type.String(),
  components: Type.Array(Type.String(), { description: 'Names of the components declaring it, in the scan that has it.' }),
}, { title: 'DiffLicense' });

export const HardeningChange = Type.Object({
  path: Type.Array(Type.String(), { description: 'Extended path, as the executable-attributes list gives it.' }),
  regressions: Type.Array(Type.String(), { description: 'Missing in the target, present in the base (no-pie, execstack, ...).' }),
  improvements: Type.Array(Type.String(), { description: 'Missing in the base, present in the target.' }),
}, { title: 'HardeningChange' });

export const ScanDiff = Type.Object({
  base: ScanDiffScan,
  target: ScanDiffScan,
  summary: Type.Object({
    components: Type.Object({ added: Type.Integer(), removed: Type.Integer(), changed: Type.Integer(), unchanged: Type.Integer() }),
    vulnerabilities: Type.Object({ new: VulnerabilityCounts, fixed: VulnerabilityCounts }),
    licenses: Type.Object({ added: Type.Integer(), removed: Type.Integer() }),
    executables: Type.Object({
      compared: Type.Integer({ description: 'Executables at the same path in both scans.' }),
      added: Type.Integer({ description: 'Only in the target.' }),
      removed: Type.Integer({ description: 'Only in the base.' }),
      regressed: Type.Integer({ description: 'Compared executables missing a mitigation the base had.' }),
      improved: Type.Integer({ description: 'Compared executables having a mitigation the base missed.' }),
    }),
  }),
  components: Type.Object({
    added: Type.Array(DiffComponent),
    removed: Type.Array(DiffComponent),
    changed: Type.Array(ChangedComponent, { description: 'The same component (codetype, vendor, name) in another version; versions paired in order.' }),
  }),
  vulnerabilities: Type.Object({
    new: Type.Array(DiffVulnerability, { description: 'In the target only; worst first.' }),
    fixed: Type.Array(DiffVulnerability, { description: 'In the base only; worst first.' }),
  }),
  licenses: Type.Object({ added: Type.Array(DiffLicense), removed: Type.Array(DiffLicense) }),
  hardening: Type.Array(HardeningChange, { description: 'Executables at the same path whose missing mitigations changed; regressions first, then by path.' }),
  knowledge_base: KnowledgeBaseSummary,
}, { title: 'ScanDiff' });
export type ScanDiff = Static<typeof ScanDiff>;

export type ScanDiffContract = Assert<Same<Omit<ScanDiff, 'base' | 'target' | 'knowledge_base'>, ScanDiffBody>>;
