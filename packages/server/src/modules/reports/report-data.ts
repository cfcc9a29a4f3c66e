// What every report of a scan is written from: the scan evaluated now exactly as its SBOM is
// (users' versions, licences, moves and ignores before matching, triages after), turned once
// into plain rows, so the PDF and both CSVs say the same thing. Vulnerabilities a triage
// resolved stay in, marked triaged: a report shows the decision, it does not hide it.
import type { Component, FileEntry, Identification, InfoleakKind } from '@binlens/engine/model';
import { type LicensePolicy, licensePolicy, type LicensePolicyOverrides } from '@binlens/engine';
import type { EvaluatedVuln, RecordFact, VulnerabilitySummary } from '@binlens/vulndb';
import type { VersionOverrideRow } from '../../db/schema/index.ts';
import type { ScanAdjustments } from '../adjustments/apply.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';
import type { ScanEvaluation } from '../scans/evaluation.ts';
import { type Verdict, verdictOf } from '../scans/verdict.ts';

export interface ReportScan {
  id: number;
  name: string;
  group: string;
  filename: string;
  size: number;
  sha1: string;
  sha256: string;
  createdAt: Date;
  finishedAt: Date | null;
  verdictReason: string | null;
}

/** One file a component was found in. */
export interface ReportObject {
  /** The file's own name: the last element of its path. */
  name: string;
  /** The path through nested containers, from the uploaded file: `fw.bin:rootfs.squashfs:usr/lib/libz.so.1`. */
  fullPath: string;
  sha1: string;
  /** Missing exploit mitigations as the engine names them (`no-pie`, `execstack`, ...); empty for a non-executable. */
  missing: string[];
}

export interface ReportCvss {
  score: number | null;
  severity: string | null;
  /** Without its `CVSS:3.x/` prefix, as the product's CSV has it: DefectDojo adds the prefix itself. */
  vector: string;
}

export interface ReportVulnerability {
  id: string;
  exact: boolean;
  summary: string;
  published: string;
  cvss2: ReportCvss;
  cvss3: ReportCvss;
  epss: VulnerabilitySummary['epss'];
  kev: VulnerabilitySummary['kev'];
  /** The triages that resolve it here (it counts as triaged) and those that only comment or re-score it. */
  resolving: TriageDto[];
  unresolving: TriageDto[];
  /** The component's distro's own rating, when it has one. */
  distro: { score2: number | null; score3: number | null } | null;
  url: string;
}

export type VersionOverrideType = '' | 'result' | 'group' | 'global';

export interface ReportComponent {
  uid: string;
  name: string;
  version: string;
  /** The version the engine found, when a version override replaced it. */
  detectedVersion: string | null;
  versionOverrideType: VersionOverrideType;
  latestVersion: string;
  codetype: Component['codetype'];
  vendor: string;
  purl: string;
  licenses: string[];
  /** The most restrictive class of its licences (RE, RU, PE), null when none is classified. */
  licensePolicy: LicensePolicy | null;
  /** `debian 12`; empty for a component that is no distro package. */
  distribution: string;
  objects: ReportObject[];
  /** Sorted by id; triaged ones included. */
  vulnerabilities: ReportVulnerability[];
}

export interface ReportData {
  scan: ReportScan;
  /** When the knowledge base was last updated, null when it never was. */
  knowledgeBaseUpdated: string | null;
  vulnerabilitiesEvaluated: boolean;
  verdict: Verdict;
  counts: ScanEvaluation['counts'];
  components: ReportComponent[];
  /** Every executable file with missing mitigations, by full path. */
  hardening: { fullPath: string; missing: string[] }[];
  /** Leaks found, per kind (decoys left out). */
  infoleaks: { kind: InfoleakKind; count: number }[];
  generatedAt: Date;
}

export interface ReportInputs {
  scan: ReportScan;
  identification: Identification;
  evaluated: ScanEvaluation;
  adjustments: ScanAdjustments;
  /** The knowledge base's records of the vulnerabilities listed and their aliases (for their publication dates). */
  records: readonly Pick<RecordFact, 'vulnId' | 'source' | 'published'>[];
  knowledgeBaseUpdated: string | null;
  /** False while the knowledge base holds no data: then nothing was matched, and the verdict is VERIFY, not PASS. */
  vulnerabilitiesEvaluated: boolean;
  policyOverrides: LicensePolicyOverrides;
  now: Date;
}

const VERSION_OVERRIDE_TYPES: Record<number, VersionOverrideType> = { 1: 'result', 2: 'group', 3: 'global' };

export function reportData(inputs: ReportInputs): ReportData {
  const { identification, evaluated } = inputs;
  const { evaluation, adjusted } = evaluated;
  const filesByPath = new Map(identification.files.map((file) => [pathKey(file.path), file]));
  const published = publicationDates(inputs.records, evaluation.vulnerabilities);
  const inputName = identification.input.name;

  const components = adjusted.identification.components.map((component): ReportComponent => {
    const decoration = adjusted.decorations[component.id];
    const objects = objectsOf(component, filesByPath, inputName);
    const override = decoration?.custom_version != null ? overrideOf(component, adjusted.fileHashes[component.id], inputs.adjustments.versionOverrides) : undefined;
    const vulns = [...(evaluation.components[component.id] ?? [])].sort((a, b) => a.vuln_id.localeCompare(b.vuln_id));
    return {
      uid: component.id,
      name: decoration?.name_override?.name ?? component.name,
      version: component.version,
      detectedVersion: decoration?.detected_version ?? null,
      versionOverrideType: override ? (VERSION_OVERRIDE_TYPES[override.scope] ?? '') : '',
      latestVersion: evaluation.upgrade[component.id]?.latest_known ?? '',
      codetype: component.codetype,
      vendor: component.vendor,
      purl: component.purl,
      licenses: [...new Set(component.licenses)],
      licensePolicy: strictestPolicy(component.licenses, inputs.policyOverrides),
      distribution: component.distro ? [component.distro.name, component.distro.release].filter(Boolean).join(' ') : '',
      objects,
      vulnerabilities: vulns.map((entry) => vulnerabilityOf(entry, evaluation.vulnerabilities[entry.vuln_id], component, published)),
    };
  }).sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));

  const hardening = identification.files
    .filter((file) => (file.executable?.missing?.length ?? 0) > 0)
    .map((file) => ({ fullPath: fullPathOf(file, inputName), missing: file.executable?.missing ?? [] }))
    .sort((a, b) => a.fullPath.localeCompare(b.fullPath));

  const leaks = new Map<InfoleakKind, number>();
  for (const leak of identification.infoleaks ?? []) if (!leak.decoy) leaks.set(leak.kind, (leaks.get(leak.kind) ?? 0) + 1);
  const infoleaks = [...leaks].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));

  const { verdict } = verdictOf({
    status: 'R', componentCount: components.length, verdictReason: inputs.scan.verdictReason,
    vulnerabilityCounts: inputs.vulnerabilitiesEvaluated ? evaluated.counts : null,
  });
  return {
    scan: inputs.scan,
    knowledgeBaseUpdated: inputs.knowledgeBaseUpdated,
    vulnerabilitiesEvaluated: inputs.vulnerabilitiesEvaluated,
    verdict: verdict ?? 'na',
    counts: evaluated.counts,
    components,
    hardening,
    infoleaks,
    generatedAt: inputs.now,
  };
}

/** The uploaded file's name, then each container's path down to the file: what the product's CSV joins with `:`. */
export function fullPathOf(file: Pick<FileEntry, 'path'>, inputName: string): string {
  return [inputName, ...file.path].join(':');
}

/** NVD's page for a CVE, GitHub's for a GHSA, OSV's for the rest. */
export function vulnerabilityUrl(id: string): string {
  if (/^CVE-\d{4}-\d+$/i.test(id)) return `https://nvd.nist.gov/vuln/detail/${id}`; // CVE-2023-45853
  if (/^GHSA-/i.test(id)) return `https://github.com/advisories/${id}`; // GHSA-35jh-r3h4-6jhm
  return `https://osv.dev/vulnerability/${encodeURIComponent(id)}`;
}

function pathKey(path: readonly string[]): string {
  return path.join('\u0000');
}

function objectsOf(component: Component, filesByPath: ReadonlyMap<string, FileEntry>, inputName: string): ReportObject[] {
  const seen = new Set<string>();
  const objects: ReportObject[] = [];
  for (const evidence of component.evidence) {
    const key = pathKey(evidence.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const file = filesByPath.get(key);
    if (!file) continue;
    objects.push({
      name: (file.path.at(-1) ?? inputName).split('/').at(-1) ?? inputName,
      fullPath: fullPathOf(file, inputName),
      sha1: file.sha1,
      missing: file.executable?.missing ?? [],
    });
  }
  return objects.sort((a, b) => a.fullPath.localeCompare(b.fullPath));
}

/** The override adjustIdentification applied (the same rule: the name, and one of the component's files). */
function overrideOf(component: Component, hashes: ReadonlySet<string> | undefined, overrides: readonly VersionOverrideRow[]): VersionOverrideRow | undefined {
  return overrides.find((o) => o.componentName.toLowerCase() === component.name.toLowerCase() && o.hashes.some((h) => hashes?.has(h.toLowerCase())));
}

const POLICY_RANK: Record<LicensePolicy, number> = { RE: 3, RU: 2, PE: 1 };

function strictestPolicy(licenses: readonly string[], overrides: LicensePolicyOverrides): LicensePolicy | null {
  let strictest: LicensePolicy | null = null;
  for (const expression of licenses) {
    const policy = licensePolicy(expression, { overrides });
    if (policy && (strictest === null || POLICY_RANK[policy] > POLICY_RANK[strictest])) strictest = policy;
  }
  return strictest;
}

function vulnerabilityOf(entry: EvaluatedVuln, summary: VulnerabilitySummary | undefined, component: Component, published: ReadonlyMap<string, string>): ReportVulnerability {
  const distro = component.distro ? summary?.distro_cvss.find((d) => d.distro.toLowerCase() === component.distro?.name.toLowerCase()) : undefined;
  const distroIsV2 = distro?.vector !== undefined && !distro.vector.startsWith('CVSS:');
  return {
    id: entry.vuln_id,
    exact: entry.exact,
    summary: summary?.summary ?? '',
    published: published.get(entry.vuln_id) ?? '',
    cvss2: { score: summary?.cvss2_score ?? null, severity: summary?.cvss2_severity ?? null, vector: vectorOf(summary?.cvss ?? [], '2', summary?.cvss2_score ?? null) },
    cvss3: { score: summary?.cvss3_score ?? null, severity: summary?.cvss3_severity ?? null, vector: vectorOf(summary?.cvss ?? [], '3', summary?.cvss3_score ?? null) },
    epss: summary?.epss ?? null,
    kev: summary?.kev ?? null,
    resolving: entry.triages as TriageDto[],
    unresolving: entry.unresolved_triages as TriageDto[],
    distro: distro ? { score2: distroIsV2 ? (distro.score ?? null) : null, score3: distroIsV2 ? null : (distro.score ?? null) } : null,
    url: vulnerabilityUrl(entry.vuln_id),
  };
}

/** The vector of the winning source's score in this major version (the first of that version when none scores the same). */
function vectorOf(metrics: VulnerabilitySummary['cvss'], major: '2' | '3', score: number | null): string {
  const ofVersion = metrics.filter((m) => m.version.startsWith(major));
  const chosen = ofVersion.find((m) => m.score === score) ?? ofVersion[0];
  return chosen ? chosen.vector.replace(/^CVSS:3\.\d\//, '') : ''; // "CVSS:3.1/AV:N/..." → "AV:N/..."
}

/**
 * Each vulnerability's publication date: NVD's record of it where there is one, else its own
 * id's record, else an alias's (a CVE known only through a GHSA advisory); ISO 8601 in UTC without fractions.
 */
function publicationDates(records: ReportInputs['records'], summaries: Readonly<Record<string, VulnerabilitySummary>>): Map<string, string> {
  const byId = new Map<string, ReportInputs['records'][number][]>();
  for (const record of records) byId.set(record.vulnId, [...(byId.get(record.vulnId) ?? []), record]);
  const dates = new Map<string, string>();
  for (const [id, summary] of Object.entries(summaries)) {
    const own = byId.get(id) ?? [];
    const candidates = [...own.filter((r) => r.source === 'nvd'), ...own, ...summary.aliases.flatMap((alias) => byId.get(alias) ?? [])];
    const date = candidates.map((r) => (r.published ? isoSeconds(r.published) : null)).find((d) => d !== null);
    if (date) dates.set(id, date);
  }
  return dates;
}

/** "2023-10-14T02:15:09.323" (NVD, UTC without a zone) → "2023-10-14T02:15:09Z". */
function isoSeconds(text: string): string | null {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
