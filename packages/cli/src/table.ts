// `--format table`: aligned columns for people, problems below.
import { escapeText, type Problem, type ScanResult } from '@binlens/engine';
import type { EvaluatedScanResult, Evaluation } from '@binlens/vulndb';
import type { FailOnVerdict } from './fail-on.ts';

/**
 * `evaluation` is there when a knowledge base was consulted: only then are the VULNS column,
 * the upgrade guidance (FIX: nearest version fixing them all, LATEST: latest known) and the
 * table of vulnerabilities (severity, CVSS score, EPSS, KEV, components) shown. With
 * `failOn` (--fail-on), that table says which vulnerabilities fail the build (FAILS).
 */
export function formatTable(result: ScanResult | EvaluatedScanResult, problems: Problem[], evaluation: Evaluation | null = null, failOn: FailOnVerdict | null = null): string {
  const withVulns = evaluation !== null;
  const rows = [['NAME', 'VERSION', 'TYPE', ...(withVulns ? ['VULNS', 'FIX', 'LATEST'] : []), 'FILES']];
  for (const c of result.components) {
    const paths = c.objects.map((o) => o.extended_fullpath.join(' > '));
    const files = paths.length > 1 ? `${paths[0]} (+${paths.length - 1})` : (paths[0] ?? '');
    const upgrade = 'upgrade' in c ? c.upgrade : null;
    const vulns = withVulns ? [c.vulns.map((v) => v.vuln_id).join(' ') || '-', upgrade?.nearest_fix ?? '-', upgrade?.latest_known ?? '-'] : [];
    rows.push([c.lib, c.version, c.codetype, ...vulns, files]);
  }
  let out = align(rows);
  if (result.components.length === 0) out += '(no components found)\n';
  if (evaluation && Object.keys(evaluation.vulnerabilities).length > 0) out += `\n${vulnerabilityTable(result, evaluation, failOn)}`;
  if (problems.length > 0) {
    out += `\n${align([
      ['LEVEL', 'CODE', 'PLUGIN', 'LOCATION', 'MESSAGE'],
      ...problems.map((p) => [p.level, p.code, p.plugin, p.location.join(' > ') || '(input)', p.message]),
    ])}`;
  }
  return out;
}

/** One row per vulnerability, in the evaluation's order (CVEs by year and number). */
function vulnerabilityTable(result: ScanResult | EvaluatedScanResult, evaluation: Evaluation, failOn: FailOnVerdict | null): string {
  const affected = new Map<string, string[]>();
  for (const c of result.components) {
    for (const v of c.vulns) affected.set(v.vuln_id, [...(affected.get(v.vuln_id) ?? []), c.version ? `${c.lib} ${c.version}` : c.lib]);
  }
  const failing = new Set(failOn?.failing.map((f) => f.vulnId));
  const rows = [['VULNERABILITY', 'SEVERITY', 'CVSS', 'EPSS', 'KEV', ...(failOn ? ['FAILS'] : []), 'COMPONENTS']];
  for (const v of Object.values(evaluation.vulnerabilities)) {
    rows.push([
      v.vuln_id,
      v.severity?.toLowerCase() ?? '-',
      v.score === null ? '-' : `${v.score.toFixed(1)}${v.score_version ? ` (v${v.score_version})` : ''}`,
      v.epss ? `${(v.epss.score * 100).toFixed(2)}%` : '-',
      v.kev ? `since ${v.kev.date_added}` : '-',
      ...(failOn ? [failing.has(v.vuln_id) ? 'yes' : '-'] : []),
      (affected.get(v.vuln_id) ?? []).join(', '),
    ]);
  }
  return align(rows);
}

/**
 * Pad every column but the last to its widest cell. Cells are escaped first (`escapeText`):
 * names, versions, paths and problem messages come from the input, and a newline or an
 * ANSI escape in one must not make a false row or reach the terminal.
 */
export function align(table: string[][]): string {
  const rows = table.map((row) => row.map(escapeText));
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd())
    .join('\n')
    .concat('\n');
}
