// `--format table`: aligned columns for people, problems below.
import type { Problem, ScanResult } from '@binlens/engine';
import type { EvaluatedScanResult } from '@binlens/vulndb';

/**
 * `withVulns` says whether a knowledge base was consulted: only then are the VULNS column
 * and the upgrade guidance (FIX: nearest version fixing them all, LATEST: latest known) shown.
 */
export function formatTable(result: ScanResult | EvaluatedScanResult, problems: Problem[], withVulns = false): string {
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
  if (problems.length > 0) {
    out += `\n${align([
      ['LEVEL', 'CODE', 'PLUGIN', 'LOCATION', 'MESSAGE'],
      ...problems.map((p) => [p.level, p.code, p.plugin, p.location.join(' > ') || '(input)', p.message]),
    ])}`;
  }
  return out;
}

/** Pad every column but the last to its widest cell. */
export function align(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd())
    .join('\n')
    .concat('\n');
}
