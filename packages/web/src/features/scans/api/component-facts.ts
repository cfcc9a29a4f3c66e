// What the analysis tab derives from a scan's result and licences: each component's worst
// severity, licence class, KEV and EPSS, and the filters over them. Pure: the tab, its filters
// and their tests share it.
import type { ResultComponent, ScanLicense, ScanResult } from '../../../lib/api-schemas.ts';

export type ResultVulnerability = ScanResult['vulnerabilities'][string];

/** Worst first; `missing` is a vulnerability without a CVSS score. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'missing'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Spec §9 classes, and `unknown` for a component without a classified licence. */
export const POLICIES = ['RE', 'RU', 'PE', 'unknown'] as const;
export type Policy = (typeof POLICIES)[number];

export interface ComponentFacts {
  /** Worst severity of its vulnerabilities; null with none. */
  severity: Severity | null;
  /** The most restrictive class of its licences (RE, RU, unknown, PE). */
  policy: Policy;
  kev: boolean;
  /** Highest EPSS score of its vulnerabilities; null when none has one. */
  epss: number | null;
  /** Matching methods over its files, each once, in the engine's order. */
  methods: string[];
  /** Its vulnerabilities no triage resolves (severity, KEV and EPSS are theirs). */
  open: number;
  /** Its vulnerabilities a triage resolves. */
  triaged: number;
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, missing: 0 };
const POLICY_RANK: Record<Policy, number> = { RE: 3, RU: 2, unknown: 1, PE: 0 };
const METHOD_ORDER = ['package-metadata', 'signature', 'soname', 'filename'];

export function severityOf(vulnerability: ResultVulnerability | undefined): Severity {
  const word = vulnerability?.severity?.toLowerCase();
  return word === 'critical' || word === 'high' || word === 'medium' || word === 'low' ? word : 'missing';
}

export function factsOf(component: ResultComponent, vulnerabilities: ScanResult['vulnerabilities'], policies: ReadonlyMap<string, Policy>): ComponentFacts {
  let severity: Severity | null = null;
  let kev = false;
  let epss: number | null = null;
  let triaged = 0;
  for (const vuln of component.vulns) {
    if (vuln.triages.length > 0) {
      triaged += 1;
      continue;
    }
    const vulnerability = vulnerabilities[vuln.vuln_id];
    const own = adjustedSeverity(vuln) ?? severityOf(vulnerability);
    if (severity === null || SEVERITY_RANK[own] > SEVERITY_RANK[severity]) severity = own;
    if (vulnerability?.kev) kev = true;
    const score = vulnerability?.epss?.score;
    if (score !== undefined && (epss === null || score > epss)) epss = score;
  }
  const classes = [...new Set(component.license)].map((expression) => policies.get(expression) ?? 'unknown');
  const policy = classes.reduce<Policy | null>((worst, next) => (worst === null || POLICY_RANK[next] > POLICY_RANK[worst] ? next : worst), null) ?? 'unknown';
  const found = new Set(component.objects.flatMap((o) => o.matching_methods));
  const methods = [...METHOD_ORDER.filter((m) => found.has(m)), ...[...found].filter((m) => !METHOD_ORDER.includes(m)).sort()];
  return { severity, policy, kev, epss, methods, open: component.vulns.length - triaged, triaged };
}

/** A re-scoring triage's severity (the most severe where several hold), as the server counts the vulnerability. */
function adjustedSeverity(vuln: ResultComponent['vulns'][number]): Severity | null {
  let found: Severity | null = null;
  for (const triage of vuln.unresolved_triages) {
    const word = triage.adjusted_severity?.toLowerCase();
    const adjusted = word === 'critical' || word === 'high' || word === 'medium' || word === 'low' ? word : null;
    if (adjusted !== null && (found === null || SEVERITY_RANK[adjusted] > SEVERITY_RANK[found])) found = adjusted;
  }
  return found;
}

/** Expression → class, from GET licenses/ (the company's overrides applied); unclassified reads unknown. */
export function policyMap(licenses: readonly ScanLicense[]): Map<string, Policy> {
  return new Map(licenses.map((license) => [license.expression, license.policy ?? 'unknown']));
}

export interface ComponentFilter {
  q: string;
  type?: string | undefined;
  /** Components with a vulnerability at or above this severity; `missing` means any vulnerability. */
  severity?: Severity | undefined;
  policy?: Policy | undefined;
}

export function matchesFilter(component: ResultComponent, facts: ComponentFacts, filter: ComponentFilter): boolean {
  if (filter.type !== undefined && component.codetype !== filter.type) return false;
  if (filter.policy !== undefined && facts.policy !== filter.policy) return false;
  if (filter.severity !== undefined && (facts.severity === null || SEVERITY_RANK[facts.severity] < SEVERITY_RANK[filter.severity])) return false;
  const needle = filter.q.trim().toLowerCase();
  if (needle === '') return true;
  const haystack = [
    component.name_override?.name ?? component.lib,
    component.custom_version ?? component.version,
    component.vendor,
    component.distro ?? '',
    component.purl,
    ...component.license,
    ...component.vulns.map((v) => v.vuln_id),
    ...component.objects.map((o) => o.extended_fullpath.join('/')),
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

export function severityRank(severity: Severity | null): number {
  return severity === null ? -1 : SEVERITY_RANK[severity];
}
