// What changed from one ready scan to another (spec §2 /diff): components matched by their
// identity without a version, vulnerabilities by id, licences by name, executables by path.
// A pure function of both scans' components, their evaluation (made against one state of the
// knowledge base) and their executables; diff-service.ts reads them.
import type { Component } from '@binlens/engine/model';
import type { Evaluation, VulnerabilitySummary } from '@binlens/vulndb';

export type DiffInputComponent = Pick<Component, 'id' | 'name' | 'version' | 'codetype' | 'vendor' | 'purl' | 'licenses'>;

/** One scan as the diff reads it. */
export interface DiffSide {
  components: readonly DiffInputComponent[];
  evaluation: Pick<Evaluation, 'components' | 'vulnerabilities'>;
  executables: readonly DiffInputExecutable[];
  /** The uploaded file's name: an executable uploaded alone has it as its path (engine: report/display-path.ts). */
  inputName: string;
}

/** An executable item of a scan (analysis.schemas.ts ExecutableAttributes), only what the diff compares. */
export interface DiffInputExecutable {
  path: readonly string[];
  missing: readonly string[];
}

export type DiffSeverity = 'critical' | 'high' | 'medium' | 'low' | 'missing';
export const DIFF_SEVERITIES: readonly DiffSeverity[] = ['critical', 'high', 'medium', 'low', 'missing'];
export type SeverityCounts = Record<DiffSeverity, number>;

export interface ComponentRef {
  name: string;
  version: string;
}

export interface DiffComponent {
  codetype: string;
  vendor: string;
  name: string;
  version: string;
  purl: string;
  licenses: string[];
  /** Distinct vulnerabilities of this component in its scan. */
  vulnerabilities: number;
}

export interface ChangedComponent {
  codetype: string;
  vendor: string;
  name: string;
  base_version: string;
  target_version: string;
  purl: string;
  base_vulnerabilities: number;
  target_vulnerabilities: number;
}

export interface DiffVulnerability {
  vuln_id: string;
  severity: DiffSeverity;
  score: number | null;
  epss: VulnerabilitySummary['epss'];
  kev: VulnerabilitySummary['kev'];
  /** The components it came with: the target's for a new one, the base's for a fixed one. */
  components: ComponentRef[];
}

export interface DiffLicense {
  name: string;
  /** Names of the components declaring it, in the scan that has it. */
  components: string[];
}

export interface HardeningChange {
  path: string[];
  /** Mitigations the base had and the target misses. */
  regressions: string[];
  /** Mitigations the base missed and the target has. */
  improvements: string[];
}

export interface ScanDiffBody {
  summary: {
    components: { added: number; removed: number; changed: number; unchanged: number };
    vulnerabilities: { new: SeverityCounts; fixed: SeverityCounts };
    licenses: { added: number; removed: number };
    executables: { compared: number; added: number; removed: number; regressed: number; improved: number };
  };
  components: { added: DiffComponent[]; removed: DiffComponent[]; changed: ChangedComponent[] };
  vulnerabilities: { new: DiffVulnerability[]; fixed: DiffVulnerability[] };
  licenses: { added: DiffLicense[]; removed: DiffLicense[] };
  hardening: HardeningChange[];
}

export function diffScans(base: DiffSide, target: DiffSide): ScanDiffBody {
  const components = diffComponents(base, target);
  const vulnerabilities = diffVulnerabilities(base, target);
  const licenses = diffLicenses(base, target);
  const executables = diffExecutables(base, target);
  return {
    summary: {
      components: { added: components.added.length, removed: components.removed.length, changed: components.changed.length, unchanged: components.unchanged },
      vulnerabilities: { new: countBySeverity(vulnerabilities.new), fixed: countBySeverity(vulnerabilities.fixed) },
      licenses: { added: licenses.added.length, removed: licenses.removed.length },
      executables: {
        compared: executables.compared,
        added: executables.added,
        removed: executables.removed,
        regressed: executables.changes.filter((change) => change.regressions.length > 0).length,
        improved: executables.changes.filter((change) => change.improvements.length > 0).length,
      },
    },
    components: { added: components.added, removed: components.removed, changed: components.changed },
    vulnerabilities,
    licenses,
    hardening: executables.changes,
  };
}

/**
 * The engine's component identity (identify/component.ts componentId) without the version, and
 * without the distro release, which a rebuild for the next release changes.
 */
function identityOf(c: Pick<DiffInputComponent, 'codetype' | 'vendor' | 'name'>): string {
  return JSON.stringify([c.codetype, c.vendor, c.name]);
}

/** A scan's components by identity, then by version; two of one version (e.g. two distros) are one, licences and vulnerabilities united. */
function byIdentity(side: DiffSide): Map<string, Map<string, DiffComponent>> {
  const found = new Map<string, Map<string, { first: DiffInputComponent; licenses: Set<string>; vulnIds: Set<string> }>>();
  for (const c of side.components) {
    const versions = found.get(identityOf(c)) ?? new Map();
    found.set(identityOf(c), versions);
    const seen = versions.get(c.version) ?? { first: c, licenses: new Set<string>(), vulnIds: new Set<string>() };
    versions.set(c.version, seen);
    for (const license of c.licenses) seen.licenses.add(license);
    for (const vuln of side.evaluation.components[c.id] ?? []) seen.vulnIds.add(vuln.vuln_id);
  }
  const components = new Map<string, Map<string, DiffComponent>>();
  for (const [identity, versions] of found) {
    components.set(identity, new Map([...versions].map(([version, { first, licenses, vulnIds }]) => [version, {
      codetype: first.codetype, vendor: first.vendor, name: first.name, version, purl: first.purl,
      licenses: [...licenses].sort(compareText), vulnerabilities: vulnIds.size,
    }])));
  }
  return components;
}

/**
 * Per identity: versions in both scans are unchanged; the others are paired in version order
 * (1.0 → 1.1, 2.0 → 2.2), and what is left over was added or removed.
 */
function diffComponents(base: DiffSide, target: DiffSide) {
  const before = byIdentity(base);
  const after = byIdentity(target);
  const added: DiffComponent[] = [];
  const removed: DiffComponent[] = [];
  const changed: ChangedComponent[] = [];
  let unchanged = 0;
  for (const identity of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(identity) ?? new Map<string, DiffComponent>();
    const is = after.get(identity) ?? new Map<string, DiffComponent>();
    unchanged += [...was.keys()].filter((version) => is.has(version)).length;
    const gone = [...was.keys()].filter((version) => !is.has(version)).sort(compareVersions).map((v) => was.get(v) as DiffComponent);
    const come = [...is.keys()].filter((version) => !was.has(version)).sort(compareVersions).map((v) => is.get(v) as DiffComponent);
    const pairs = Math.min(gone.length, come.length);
    for (let i = 0; i < pairs; i++) {
      const from = gone[i] as DiffComponent;
      const to = come[i] as DiffComponent;
      changed.push({
        codetype: to.codetype, vendor: to.vendor, name: to.name, base_version: from.version, target_version: to.version, purl: to.purl,
        base_vulnerabilities: from.vulnerabilities, target_vulnerabilities: to.vulnerabilities,
      });
    }
    removed.push(...gone.slice(pairs));
    added.push(...come.slice(pairs));
  }
  const order = (a: DiffComponent, b: DiffComponent) => compareComponents(a, b) || compareVersions(a.version, b.version);
  return {
    added: added.sort(order),
    removed: removed.sort(order),
    changed: changed.sort((a, b) => compareComponents(a, b) || compareVersions(a.base_version, b.base_version)),
    unchanged,
  };
}

function diffVulnerabilities(base: DiffSide, target: DiffSide): ScanDiffBody['vulnerabilities'] {
  const before = vulnerabilitiesOf(base);
  const after = vulnerabilitiesOf(target);
  const only = (side: DiffSide, found: Map<string, ComponentRef[]>, other: Map<string, ComponentRef[]>): DiffVulnerability[] =>
    [...found]
      .filter(([id]) => !other.has(id))
      .map(([id, components]) => describeVulnerability(id, side.evaluation.vulnerabilities[id], components))
      .sort(compareVulnerabilities);
  return { new: only(target, after, before), fixed: only(base, before, after) };
}

/** Each vulnerability of a scan's components with the components it came with. */
function vulnerabilitiesOf(side: DiffSide): Map<string, ComponentRef[]> {
  const found = new Map<string, ComponentRef[]>();
  for (const c of side.components) {
    for (const { vuln_id } of side.evaluation.components[c.id] ?? []) {
      const refs = found.get(vuln_id) ?? [];
      if (!refs.some((ref) => ref.name === c.name && ref.version === c.version)) refs.push({ name: c.name, version: c.version });
      found.set(vuln_id, refs);
    }
  }
  for (const refs of found.values()) refs.sort((a, b) => compareText(a.name, b.name) || compareVersions(a.version, b.version));
  return found;
}

function describeVulnerability(id: string, summary: VulnerabilitySummary | undefined, components: ComponentRef[]): DiffVulnerability {
  return {
    vuln_id: id,
    severity: severityOf(summary),
    score: summary?.cvss3_score ?? summary?.cvss2_score ?? null,
    epss: summary?.epss ?? null,
    kev: summary?.kev ?? null,
    components,
  };
}

/** As the stored counts bucket it (vulnerability-counts.ts): CVSS v3, else v2, else missing. */
function severityOf(summary: VulnerabilitySummary | undefined): DiffSeverity {
  const severity = (summary?.cvss3_severity ?? summary?.cvss2_severity ?? '').toLowerCase();
  return severity === 'critical' || severity === 'high' || severity === 'medium' || severity === 'low' ? severity : 'missing';
}

function countBySeverity(vulnerabilities: readonly DiffVulnerability[]): SeverityCounts {
  const counts: SeverityCounts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
  for (const v of vulnerabilities) counts[v.severity] += 1;
  return counts;
}

/** Worst first: severity, then score, then id. */
function compareVulnerabilities(a: DiffVulnerability, b: DiffVulnerability): number {
  return DIFF_SEVERITIES.indexOf(a.severity) - DIFF_SEVERITIES.indexOf(b.severity) || (b.score ?? -1) - (a.score ?? -1) || compareText(a.vuln_id, b.vuln_id);
}

function diffLicenses(base: DiffSide, target: DiffSide): ScanDiffBody['licenses'] {
  const before = licensesOf(base);
  const after = licensesOf(target);
  const only = (found: Map<string, Set<string>>, other: Map<string, Set<string>>): DiffLicense[] =>
    [...found]
      .filter(([name]) => !other.has(name))
      .map(([name, components]) => ({ name, components: [...components].sort(compareText) }))
      .sort((a, b) => compareText(a.name, b.name));
  return { added: only(after, before), removed: only(before, after) };
}

function licensesOf(side: DiffSide): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const c of side.components) for (const license of c.licenses) found.set(license, (found.get(license) ?? new Set()).add(c.name));
  return found;
}

/**
 * Executables by extended path: those in both scans compared by what each misses. An executable
 * uploaded alone is the input of both scans whatever each upload was named (agent-1.0, agent-1.1).
 */
function diffExecutables(base: DiffSide, target: DiffSide) {
  const keyed = (side: DiffSide) => {
    const key = (exe: DiffInputExecutable) => (exe.path.length === 1 && exe.path[0] === side.inputName ? INPUT_KEY : JSON.stringify(exe.path));
    return new Map(side.executables.map((exe) => [key(exe), exe]));
  };
  const before = keyed(base);
  const after = keyed(target);
  const changes: HardeningChange[] = [];
  let compared = 0;
  for (const [path, was] of before) {
    const is = after.get(path);
    if (!is) continue;
    compared += 1;
    const regressions = is.missing.filter((m) => !was.missing.includes(m));
    const improvements = was.missing.filter((m) => !is.missing.includes(m));
    if (regressions.length > 0 || improvements.length > 0) changes.push({ path: [...is.path], regressions: unique(regressions), improvements: unique(improvements) });
  }
  // Regressions first, then by path.
  changes.sort((a, b) => Number(b.regressions.length > 0) - Number(a.regressions.length > 0) || compareText(JSON.stringify(a.path), JSON.stringify(b.path)));
  return { compared, added: after.size - compared, removed: before.size - compared, changes };
}

/** No extended path is an empty string. */
const INPUT_KEY = '';

function compareComponents(a: { name: string; vendor: string; codetype: string }, b: { name: string; vendor: string; codetype: string }): number {
  return compareText(a.name, b.name) || compareText(a.vendor, b.vendor) || compareText(a.codetype, b.codetype);
}

/** Code-unit order: the same in every locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const NUMERIC = new Intl.Collator('en', { numeric: true });

/** Digit runs compared as numbers ("1.9" before "1.10"); the scheme of each ecosystem is not needed to pair versions. */
function compareVersions(a: string, b: string): number {
  return NUMERIC.compare(a, b) || compareText(a, b);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
