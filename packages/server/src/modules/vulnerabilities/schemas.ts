import { type Static, Type } from 'typebox';
import { ApiPage } from '../../lib/api-envelope.ts';

export const VulnerabilityParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'A vulnerability id such as CVE-2021-23337 or GHSA-35jh-r3h4-6jhm (any case).' }),
});

/** A scan's matching options; absent, those scans are evaluated with. */
export const VulnerabilityQuery = Type.Object({
  cvss3_fallback: Type.Optional(Type.Boolean({ description: "A scan's cvss3_fallback (default true): without a CVSS v3 score, score and severity are v2's." })),
  include_bdsa: Type.Optional(Type.Boolean({
    description: "A scan's include_bdsa_vulnerabilities (default false): off, an advisory without a CVE (GHSA, GO, ...) is not found, as scans do not report it.",
  })),
  distro: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Only this distribution\'s rating in distro_cvss (debian, ubuntu; any case: compared lower-cased).' })),
});
export type VulnerabilityQuery = Static<typeof VulnerabilityQuery>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const VulnerabilityReference = Type.Object({
  url: Type.String(),
  tags: Type.Array(Type.String()),
}, { title: 'VulnerabilityReference' });

export const VulnerabilityEpss = Type.Object({
  score: Type.Number(),
  percentile: Type.Number(),
  date: Nullable(Type.String()),
}, { title: 'VulnerabilityEpss' });

export const VulnerabilityKev = Type.Object({
  dateAdded: Type.String(),
  dueDate: Nullable(Type.String()),
  knownRansomware: Type.String({ description: 'CISA KEV knownRansomwareCampaignUse: Known or Unknown.' }),
}, { title: 'VulnerabilityKev' });

export const DistroCvss = Type.Object({
  distro: Type.String(),
  cve: Type.String(),
  severity: Type.String({ description: "The distribution's own word: Ubuntu priority, Debian urgency." }),
  score: Nullable(Type.Number()),
  vector: Nullable(Type.String()),
}, { title: 'DistroCvss' });
export type DistroCvss = Static<typeof DistroCvss>;

export const VulnerabilityCvss = Type.Object({
  version: Type.Union([Type.Literal('2.0'), Type.Literal('3.0'), Type.Literal('3.1'), Type.Literal('4.0')]),
  vector: Type.String(),
  score: Nullable(Type.Number()),
  severity: Nullable(Type.String()),
  source: Type.String({ description: 'Who scored it: nvd@nist.gov, a CNA, osv.' }),
  type: Type.String({ description: "NVD's Primary or Secondary; empty elsewhere." }),
}, { title: 'VulnerabilityCvss' });

export const Vulnerability = Type.Object({
  vuln_id: Type.String(),
  kind: Type.Union([Type.Literal('cve'), Type.Literal('bdsa'), Type.Literal('vendor')], {
    description: 'By prefix (spec §5): cve- or bdsa- (any case), otherwise vendor.',
  }),
  description: Type.String(),
  published: Nullable(Type.String()),
  modified: Nullable(Type.String()),
  cwes: Type.Array(Type.String()),
  references: Type.Array(VulnerabilityReference),
  cvss2_score: Nullable(Type.Number()),
  cvss2_severity: Nullable(Type.String({ description: 'high, medium, low (spec §9).' })),
  cvss3_score: Nullable(Type.Number()),
  cvss3_severity: Nullable(Type.String({ description: 'critical, high, medium, low, none (spec §9).' })),
  cvss3_vector: Nullable(Type.String()),
  score: Nullable(Type.Number({ description: 'As in a scan: CVSS v3, or v2 with cvss3_fallback; the same source as cvss3_score and cvss2_score.' })),
  severity: Nullable(Type.String()),
  score_version: Nullable(Type.String({ description: 'The CVSS version of score: 3.1, 3.0 or 2.0.' })),
  epss: Nullable(VulnerabilityEpss),
  kev: Nullable(VulnerabilityKev),
  aliases: Type.Array(Type.String()),
  withdrawn: Type.Boolean({ description: 'Rejected by NVD or withdrawn by its advisory database.' }),
  cvss: Type.Array(VulnerabilityCvss, { description: 'Every CVSS vector its records and advisories give, each once (by version, vector and scorer).' }),
  distro_cvss: Type.Array(DistroCvss, { description: "The distributions' own ratings of its CVE; only the asked one with ?distro=." }),
}, { title: 'Vulnerability' });
export type Vulnerability = Static<typeof Vulnerability>;

/** Spec §9: ids are fetched in chunks of 100. */
export const MAX_IDS = 100;

const CveQueryFields = {
  cve__in: Type.String({ minLength: 1, maxLength: 2000, description: `Comma-separated CVE ids, at most ${MAX_IDS}.` }),
};
export const CveQuery = Type.Object(CveQueryFields);

export const DistroCvssQuery = Type.Object({
  ...CveQueryFields,
  distro: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Only this distribution: debian, ubuntu.' })),
});


export const Epss = Type.Object({
  cve: Type.String(),
  epss: Type.Number(),
  percentile: Type.Number(),
  model_version: Nullable(Type.String()),
  score_date: Nullable(Type.String()),
}, { title: 'Epss' });
export type Epss = Static<typeof Epss>;

/** A list answered whole (at most MAX_IDS items): no paging links. */
export const ListOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ count: Type.Integer(), results: Type.Array(item) });

export const AffectedComponent = Type.Object({
  scan_id: Type.Integer(),
  scan_name: Type.String(),
  group_id: Type.Integer(),
  group_name: Type.String(),
  component: Type.String(),
  version: Type.String(),
  exact: Type.Boolean({ description: 'The version was compared and is inside a range (spec §9 low risk tolerance).' }),
}, { title: 'AffectedComponent' });

export const AffectedComponents = Type.Object({
  vuln_id: Type.String(),
  count: Type.Integer(),
  results: Type.Array(AffectedComponent),
  truncated: Type.Boolean({ description: 'More scans held candidates than one request evaluates (the newest are answered).' }),
}, { title: 'AffectedComponents' });
export type AffectedComponents = Static<typeof AffectedComponents>;

/** GET /api/vulnerabilities: a page is at most a hundred (each is read as GET /rest/vulnerabilities/{id}/ reads it). */
export const ApiVulnerabilityQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Text in the id, the summary or the description, in any case.' })),
  ...VulnerabilityQuery.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
});
export type ApiVulnerabilityQuery = Static<typeof ApiVulnerabilityQuery>;

export const ApiVulnerabilityList = ApiPage(Vulnerability, 'ApiVulnerabilityList');
export type ApiVulnerabilityList = Static<typeof ApiVulnerabilityList>;
