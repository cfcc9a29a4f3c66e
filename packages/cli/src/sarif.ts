// `binlens scan --format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. One rule per
// vulnerability id (descriptions, help with the fixed versions, `security-severity` = its CVSS
// score, which GitHub turns into critical/high/medium/low), one result per vulnerability and
// component, located at the files the component was found in. Kept within GitHub's upload
// limits (docs: "SARIF results exceed limits"): at most 25,000 results (the most severe kept,
// the rest counted in a notification), 100 locations per result, 10 tags per rule, and
// descriptions and messages of at most 1,024 characters.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { Identification, Problem } from '@binlens/engine';
import type { EvaluatedScanResult, Evaluation, VulnerabilitySummary } from '@binlens/vulndb';
import { type FailOnVerdict, parseSeverity, SEVERITIES, type Severity } from './fail-on.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The project has no public home page yet: a reserved name (RFC 2606) that says so, as the SPDX namespaces do. */
export const INFORMATION_URI = 'https://binlens.invalid/';
const TOOL_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const SARIF_LIMITS = { results: 25_000, locations: 100, tags: 10, text: 1024, notifications: 100 } as const;
/** The one partialFingerprints key: bump its version when what it hashes changes. */
export const FINGERPRINT_KEY = 'binlensVulnerability/v1';

export interface SarifOptions {
  /** PATH as given on the command line; a relative one (not climbing out with `..`) prefixes every location. */
  inputPath?: string;
  knowledgeBase: { state: string; updated: string | null };
  /** Why no vulnerability is listed when the knowledge base had no data. */
  notEvaluated?: string;
  failOn?: FailOnVerdict | null;
}

type Level = 'error' | 'warning' | 'note';

interface Located {
  uri: string;
  /** The path inside `uri` when the evidence is nested in an archive: each element inside the previous one. */
  inner: string[];
}

/** A SARIF 2.1.0 log of `result`'s open vulnerabilities; without an evaluation, none, and a notification saying why. */
export function toSarif(identification: Identification, result: EvaluatedScanResult | null, evaluation: Evaluation | null, options: SarifOptions): object {
  const base = relativeBase(options.inputPath);
  const directory = identification.input.format === 'directory';
  const evidence = new Map(identification.components.map((c) => [c.id, c.evidence.map((e) => e.path)]));
  const locate = (path: readonly string[]): Located => {
    if (!directory) return { uri: encodePath(base ?? identification.input.name), inner: [...path] };
    const [outer, ...inner] = path;
    const relative = [base, outer].filter((p): p is string => p !== undefined && p !== null && p !== '').join('/');
    return { uri: encodePath(relative === '' ? '.' : relative), inner };
  };

  const summaries = evaluation?.vulnerabilities ?? {};
  const findings = result === null ? [] : result.components.flatMap((component) =>
    component.vulns.map((vuln) => ({ component, vuln, summary: summaries[vuln.vuln_id] })));
  findings.sort((a, b) => severityRank(a.summary) - severityRank(b.summary) || (scoreOf(b.summary) ?? -1) - (scoreOf(a.summary) ?? -1));
  const kept = findings.slice(0, SARIF_LIMITS.results);

  const ruleIds = [...new Set(kept.map((f) => f.vuln.vuln_id))].sort(compareIds);
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  kept.sort((a, b) => (ruleIndex.get(a.vuln.vuln_id) ?? 0) - (ruleIndex.get(b.vuln.vuln_id) ?? 0) ||
    a.component.lib.localeCompare(b.component.lib) || a.component.version.localeCompare(b.component.version));

  const failing = new Set(options.failOn?.failing.map((f) => f.vulnId));
  const results = kept.map(({ component, vuln, summary }) => {
    const paths = uniquePaths(evidence.get(component.uid) ?? []);
    const located = paths.map(locate);
    const primary = located[0] ?? locate([]);
    const fixed = vuln.matched_by.map((m) => m.fixed).find((f): f is string => f !== null) ?? null;
    const name = component.version ? `${component.lib} ${component.version}` : component.lib;
    const where = display(primary);
    const message = `${name} has ${vuln.vuln_id} (${severityText(summary)})${summary?.summary ? `: ${oneLine(summary.summary)}` : ''}. ` +
      `${fixed ? `Fixed in ${fixed}.` : 'No fixed version is known.'} Found in ${where}${located.length > 1 ? ` and ${located.length - 1} more ${located.length === 2 ? 'file' : 'files'}` : ''}.`;
    return {
      ruleId: vuln.vuln_id,
      ruleIndex: ruleIndex.get(vuln.vuln_id) ?? 0,
      level: levelOf(summary),
      message: { text: clip(message) },
      locations: located.slice(0, SARIF_LIMITS.locations).map((l) => ({
        physicalLocation: { artifactLocation: { uri: l.uri } },
        ...(l.inner.length > 0 ? { message: { text: clip(`inside ${display(l)}`) }, properties: { nested_path: l.inner } } : {}),
      })),
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(vuln.vuln_id, component.codetype, component.lib, primary) },
      properties: {
        component: component.lib,
        version: component.version,
        codetype: component.codetype,
        purl: component.purl,
        fixed_version: fixed,
        nearest_fix: component.upgrade.nearest_fix,
        exact: vuln.exact,
        ...(options.failOn ? { fails_build: failing.has(vuln.vuln_id) } : {}),
      },
    };
  });

  const byRule = new Map<string, Finding[]>();
  for (const finding of kept) {
    const same = byRule.get(finding.vuln.vuln_id);
    if (same) same.push(finding);
    else byRule.set(finding.vuln.vuln_id, [finding]);
  }
  const rules = ruleIds.map((id) => rule(id, summaries[id], byRule.get(id) ?? []));
  const notifications = [
    ...(options.notEvaluated ? [{ level: 'warning', message: { text: clip(options.notEvaluated) } }] : []),
    ...(findings.length > kept.length
      ? [{ level: 'warning', message: { text: `${findings.length - kept.length} of ${findings.length} results were left out (the least severe): GitHub accepts at most ${SARIF_LIMITS.results} per run.` } }]
      : []),
    ...problemNotifications(identification.problems, locate),
  ];
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'binlens', version: TOOL_VERSION, semanticVersion: TOOL_VERSION, informationUri: INFORMATION_URI, rules } },
      invocations: [{
        executionSuccessful: true,
        ...(options.failOn ? { exitCode: options.failOn.failing.length > 0 ? 3 : 0 } : {}),
        ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
      }],
      results,
      properties: {
        input: { name: identification.input.name, sha256: identification.input.sha256 },
        knowledge_base: options.knowledgeBase,
        ...(options.failOn ? {
          fail_on: { severity: options.failOn.threshold, failing: options.failOn.failing.map((f) => f.vulnId) },
        } : {}),
      },
    }],
  };
}

type Finding = { component: EvaluatedScanResult['components'][number]; vuln: EvaluatedScanResult['components'][number]['vulns'][number] };

function rule(id: string, summary: VulnerabilitySummary | undefined, findings: readonly Finding[]): object {
  const score = scoreOf(summary);
  const text = summary?.summary ? oneLine(summary.summary) : `${id} (no description in the knowledge base)`;
  const fixes = findings.map(({ component, vuln }) => {
    const fixed = vuln.matched_by.map((m) => m.fixed).find((f): f is string => f !== null);
    return `${component.version ? `${component.lib} ${component.version}` : component.lib}: ${fixed ? `fixed in ${fixed}` : 'no fixed version known'}`;
  });
  const facts = [
    `Severity: ${severityText(summary)}.`,
    ...(summary?.epss ? [`EPSS: ${(summary.epss.score * 100).toFixed(2)}% (percentile ${(summary.epss.percentile * 100).toFixed(0)}).`] : []),
    ...(summary?.kev ? [`Known exploited (CISA KEV) since ${summary.kev.date_added}.`] : []),
  ];
  const cwes = (summary?.cwes ?? []).filter((c) => /^CWE-\d+$/.test(c));
  const tags = ['security', 'vulnerability', ...(severityOf(summary) ? [severityOf(summary) as string] : []), ...cwes.map((c) => `external/cwe/${c.toLowerCase()}`)];
  return {
    id,
    shortDescription: { text: clip(`${id}: ${text}`) },
    fullDescription: { text: clip(text) },
    help: {
      text: clip(`${text}\n\n${facts.join(' ')}\n\n${fixes.join('\n')}`, 10 * SARIF_LIMITS.text),
      markdown: clip(`${markdownEscape(text)}\n\n${facts.map(markdownEscape).join(' ')}\n\n${fixes.map((f) => `- ${markdownEscape(f)}`).join('\n')}`, 10 * SARIF_LIMITS.text),
    },
    helpUri: id.startsWith('CVE-') ? `https://nvd.nist.gov/vuln/detail/${encodeURIComponent(id)}` : `https://osv.dev/vulnerability/${encodeURIComponent(id)}`,
    defaultConfiguration: { level: levelOf(summary) },
    properties: {
      ...(score !== null ? { 'security-severity': score.toFixed(1) } : {}),
      tags: tags.slice(0, SARIF_LIMITS.tags),
      ...(summary?.epss ? { epss: summary.epss.score } : {}),
      ...(summary?.kev ? { kev: summary.kev.date_added } : {}),
    },
  };
}

function problemNotifications(problems: readonly Problem[], locate: (path: readonly string[]) => Located): object[] {
  return problems.filter((p) => p.level !== 'info').slice(0, SARIF_LIMITS.notifications).map((p) => {
    const located = locate(p.location);
    return {
      level: p.level === 'error' ? 'error' : 'warning',
      message: { text: clip(`${p.code}: ${p.message}${located.inner.length > 0 ? ` (inside ${display(located)})` : ''}`) },
      locations: [{ physicalLocation: { artifactLocation: { uri: located.uri } } }],
    };
  });
}

/** The same vulnerability, component and place always give the same fingerprint, whatever else changed. */
function fingerprint(vulnId: string, codetype: string, lib: string, at: Located): string {
  return createHash('sha256').update(JSON.stringify([vulnId, codetype, lib, at.uri, at.inner])).digest('hex');
}

/** CVSS v3 severity, else v2: the rule of --fail-on and of the server's counts. */
function severityOf(summary: VulnerabilitySummary | undefined): Severity | null {
  return parseSeverity(summary?.cvss3_severity ?? summary?.cvss2_severity ?? null);
}

function scoreOf(summary: VulnerabilitySummary | undefined): number | null {
  return summary?.cvss3_score ?? summary?.cvss2_score ?? null;
}

function severityRank(summary: VulnerabilitySummary | undefined): number {
  const severity = severityOf(summary);
  return severity === null ? SEVERITIES.length : SEVERITIES.indexOf(severity);
}

function severityText(summary: VulnerabilitySummary | undefined): string {
  const severity = severityOf(summary);
  const score = scoreOf(summary);
  if (severity === null) return 'no CVSS severity';
  return score === null ? severity : `${severity}, CVSS ${score.toFixed(1)}`;
}

function levelOf(summary: VulnerabilitySummary | undefined): Level {
  const severity = severityOf(summary);
  if (severity === 'critical' || severity === 'high') return 'error';
  return severity === 'low' ? 'note' : 'warning';
}

function display(at: Located): string {
  return [decodeURIComponent(at.uri), ...at.inner].join(' > ');
}

/**
 * The input's PATH relative to the working directory (where CI checks the repository out), as
 * the locations' prefix: '' for '.', null when PATH is absolute or climbs out of it.
 */
function relativeBase(inputPath: string | undefined): string | null {
  if (inputPath === undefined || isAbsolute(inputPath)) return null;
  const parts = inputPath.split('/').filter((p) => p !== '' && p !== '.');
  return parts.includes('..') ? null : parts.join('/');
}

/** A relative URI reference: each segment percent-encoded, keeping the characters a path may hold as they are. */
function encodePath(path: string): string {
  return path.split('/').map((segment, i) => {
    const encoded = encodeURIComponent(segment).replace(/%(40|24|26|2B|2C|3B|3D)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    // A colon in the first segment would read as a URI scheme.
    return i === 0 ? encoded : encoded.replace(/%3A/g, ':');
  }).join('/');
}

function uniquePaths(paths: readonly (readonly string[])[]): string[][] {
  const seen = new Map<string, string[]>();
  for (const path of paths) seen.set(JSON.stringify(path), [...path]);
  return [...seen.values()].sort((a, b) => a.join('\0').localeCompare(b.join('\0')));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number = SARIF_LIMITS.text): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Feed text shown as GitHub renders markdown: no link, image, emphasis or HTML of the record's own (text is one line, so no list or heading). */
function markdownEscape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#<>!|~]/g, '\\$&');
}

/** CVE-2021-9 before CVE-2021-10. */
function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
