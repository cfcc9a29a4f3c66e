// `--fail-on SEVERITY` of `binlens scan` and `binlens upload`: which open vulnerabilities are
// at or above a severity. The rule is the server's (packages/server/src/modules/scans/
// vulnerability-counts.ts): one verdict per vulnerability id however many components have it;
// an entry resolved by a triage does not count; a re-scoring triage counts the vulnerability at
// its adjusted severity (the highest where components differ); a vulnerability without a
// severity never fails the build, as it counts as "missing" there. Historical vulnerabilities
// (fixed at or below the version found) are never in a component's `vulns`, so never count.

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** A component as both the local evaluation and GET /rest/scans/{id}/result/ list it. */
export interface FailOnComponent {
  lib: string;
  version: string;
  vulns: readonly { vuln_id: string; triages: readonly unknown[]; unresolved_triages: readonly unknown[] }[];
}

/** One vulnerability at or above the threshold, with the components ("name version") that have it open. */
export interface FailingVulnerability {
  vulnId: string;
  severity: Severity;
  components: string[];
}

export interface FailOnVerdict {
  threshold: Severity;
  /** In the order of severity (critical first), then of id. */
  failing: FailingVulnerability[];
  /** Distinct vulnerabilities a triage resolved in every component that has them. */
  resolved: number;
}

/** The severity named by `text` (any case), or null. */
export function parseSeverity(text: string | null | undefined): Severity | null {
  const lower = text?.toLowerCase();
  return SEVERITIES.find((s) => s === lower) ?? null;
}

export const FAIL_ON_HELP = 'critical, high, medium or low';

/**
 * Applies the rule. `severityOf` answers a vulnerability's own severity text (CVSS v3, else
 * v2; null when unscored).
 */
export function failOnVerdict(components: readonly FailOnComponent[], severityOf: (vulnId: string) => string | null, threshold: Severity): FailOnVerdict {
  const open = new Map<string, { adjusted: Severity | null; components: string[] }>();
  const triaged = new Set<string>();
  for (const component of components) {
    const name = component.version ? `${component.lib} ${component.version}` : component.lib;
    for (const entry of component.vulns) {
      if (entry.triages.length > 0) {
        triaged.add(entry.vuln_id);
        continue;
      }
      const adjusted = adjustedSeverity(entry.unresolved_triages);
      const before = open.get(entry.vuln_id) ?? { adjusted: null, components: [] };
      open.set(entry.vuln_id, {
        adjusted: adjusted === null ? before.adjusted : higher(before.adjusted, adjusted),
        components: before.components.includes(name) ? before.components : [...before.components, name],
      });
    }
  }
  const limit = rank(threshold);
  const failing: FailingVulnerability[] = [];
  for (const [vulnId, { adjusted, components: names }] of open) {
    const severity = adjusted ?? parseSeverity(severityOf(vulnId));
    if (severity !== null && rank(severity) <= limit) failing.push({ vulnId, severity, components: names });
  }
  failing.sort((a, b) => rank(a.severity) - rank(b.severity) || compareIds(a.vulnId, b.vulnId));
  return { threshold, failing, resolved: [...triaged].filter((id) => !open.has(id)).length };
}

/** "2 vulnerabilities at or above high: CVE-… (lodash 4.17.20), …", or that there is none. */
export function failOnSummary(verdict: FailOnVerdict): string {
  const { failing, threshold } = verdict;
  if (failing.length === 0) return `Passes: no open vulnerability at or above ${threshold}`;
  const listed = failing.map((f) => `${f.vulnId} ${f.severity} (${f.components.join(', ')})`).join(', ');
  return `Fails: ${failing.length} ${failing.length === 1 ? 'vulnerability' : 'vulnerabilities'} at or above ${threshold}: ${listed}`;
}

function adjustedSeverity(triages: readonly unknown[]): Severity | null {
  let found: Severity | null = null;
  for (const triage of triages) {
    const value = parseSeverity(typeof triage === 'object' && triage !== null ? String((triage as { adjusted_severity?: unknown }).adjusted_severity ?? '') : '');
    if (value !== null) found = higher(found, value);
  }
  return found;
}

function rank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

function higher(a: Severity | null, b: Severity): Severity {
  return a === null || rank(b) < rank(a) ? b : a;
}

/** CVE-2021-9 before CVE-2021-10: ids compared by their numbers where they have them. */
function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
