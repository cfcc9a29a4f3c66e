// The component catalogue (spec §3 "Component (catalogue)", §7 components calls).
import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ComponentParams = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9][a-z0-9._+-]{0,63}$', description: 'A catalogue id such as openssl or go-stdlib.' }),
});

export const CODETYPES = ['GO', 'NA', 'MA', 'JA', 'MS', 'DP', 'RB', 'PY', 'JS', 'CP'] as const;

export const COMPONENT_ORDERINGS = ['name', '-name', 'vendor', '-vendor', 'vulnerabilities', '-vulnerabilities', 'scans', '-scans'] as const;
export type ComponentOrdering = (typeof COMPONENT_ORDERINGS)[number];

export const ComponentListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the name, vendor, id or CPE product.' })),
  ordering: Type.Optional(Type.Union(COMPONENT_ORDERINGS.map((value) => Type.Literal(value)), {
    description: 'name (default), vendor, vulnerabilities (known in the knowledge base) or scans (in this account); `-` for descending.',
  })),
  tag: Type.Optional(Type.String({ maxLength: 64, description: 'Only components with this tag.' })),
  codetype: Type.Optional(Type.Union(CODETYPES.map((value) => Type.Literal(value)), { description: 'Only components of this code type (spec §9).' })),
  ...PageQuery,
});
export type ComponentListQuery = Static<typeof ComponentListQuery>;

export const Component = Type.Object({
  id: Type.String(),
  url: Type.String(),
  name: Type.String(),
  lib: Type.String({ description: 'The name results report it by (as a scan result component\'s lib).' }),
  vendor: Type.String(),
  codetype: Type.String(),
  tags: Type.Array(Type.String()),
  cpe: Nullable(Type.String({ description: 'CPE 2.3 part:vendor:product the knowledge base\'s NVD ranges name it by.' })),
  purl_type: Type.String(),
  license: Nullable(Type.String()),
  latest_version: Nullable(Type.String({ description: 'The highest version any range of the knowledge base names; null when it names none.' })),
  vulnerability_count: Type.Integer({ description: 'Vulnerabilities the knowledge base knows for any version, as scans report them.' }),
  scan_count: Type.Integer({ description: 'Ready scans the viewer can see that hold it.' }),
  has_coverity_scan: Type.Boolean({ description: 'Always false: there is no Coverity data.' }),
  version: Nullable(Type.String({ description: 'Null: a catalogue entry is no particular version.' })),
  custom_version: Nullable(Type.String()),
  name_override: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  is_stub: Type.Boolean({ description: 'False: every answer is the whole entry.' }),
}, { title: 'CatalogueComponent' });
export type Component = Static<typeof Component>;

export const ComponentPage = Paged(Component);

export const ComponentDetails = Type.Object({
  ...Component.properties,
  identified_by: Type.Object({
    found_by: Type.String({ description: 'The evidence\'s foundBy: signatures/<id> or a cataloger (go/buildinfo).' }),
    method: Type.Union([Type.Literal('signature'), Type.Literal('package-metadata')]),
    patterns: Type.Integer({ description: 'Version patterns of a signature; 0 when only file names identify it (no version).' }),
    file_names: Type.Array(Type.String(), { description: 'Regular expressions on a file\'s base name.' }),
    sources: Type.Array(Type.String(), { description: 'Where the strings the signature was checked against were taken from.' }),
  }),
  versions_in_account: Type.Array(Type.Object({ version: Type.String(), scans: Type.Integer() }), {
    description: 'Versions found in the viewer\'s ready scans (\'\' when found without one), most scans first.',
  }),
  scans_in_account: Type.Array(Type.Object({
    scan_id: Type.Integer(), scan_name: Type.String(), group_id: Type.Integer(), group_name: Type.String(), version: Type.String(),
  }), { description: 'The viewer\'s ready scans holding it, newest first (at most 100).' }),
}, { title: 'CatalogueComponentDetails' });
export type ComponentDetails = Static<typeof ComponentDetails>;

export const ComponentTag = Type.Object({ name: Type.String(), count: Type.Integer() }, { title: 'ComponentTag' });
export const ComponentTags = Type.Object({ count: Type.Integer(), results: Type.Array(ComponentTag) });

export const COMPONENT_VULNERABILITY_ORDERINGS = ['-score', 'score', 'vuln_id', '-vuln_id', '-epss', 'epss'] as const;
export type ComponentVulnerabilityOrdering = (typeof COMPONENT_VULNERABILITY_ORDERINGS)[number];

export const ComponentVulnerabilitiesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the id or the summary.' })),
  ordering: Type.Optional(Type.Union(COMPONENT_VULNERABILITY_ORDERINGS.map((value) => Type.Literal(value)), {
    description: '-score (default: most severe first), vuln_id or -epss; `-` for descending.',
  })),
  ...PageQuery,
});
export type ComponentVulnerabilitiesQuery = Static<typeof ComponentVulnerabilitiesQuery>;

export const ComponentVulnerabilityRange = Type.Object({
  source: Type.String({ description: 'nvd-cpe, osv-purl, nvd-override, cve5-cna, cve5-adp or vendor.' }),
  record: Type.String(),
  criteria: Type.String(),
  range: Type.String({ description: 'In words: >= 1.0.2, < 1.0.2zd; = 2.4.1; introduced 0, fixed 1.21.8; all versions.' }),
}, { title: 'ComponentVulnerabilityRange' });

export const ComponentVulnerability = Type.Object({
  vuln_id: Type.String(),
  summary: Type.String(),
  severity: Nullable(Type.String()),
  score: Nullable(Type.Number()),
  score_version: Nullable(Type.String()),
  cvss3_score: Nullable(Type.Number()),
  cvss2_score: Nullable(Type.Number()),
  epss: Nullable(Type.Object({ score: Type.Number(), percentile: Type.Number() })),
  kev: Nullable(Type.Object({ date_added: Type.String(), due_date: Nullable(Type.String()), ransomware: Type.String() })),
  ranges: Type.Array(ComponentVulnerabilityRange),
}, { title: 'ComponentVulnerability' });
export type ComponentVulnerability = Static<typeof ComponentVulnerability>;

export const ComponentVulnerabilityPage = Type.Object({
  ...Paged(ComponentVulnerability).properties,
  latest_version: Nullable(Type.String()),
});
