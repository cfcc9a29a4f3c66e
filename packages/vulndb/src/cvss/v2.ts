// CVSS v2.0 base score (FIRST's CVSS v2 Complete Guide, §3.2.1) with NVD's
// severity ranges (low 0-3.9, medium 4-6.9, high 7-10).
import { parseMetrics, type CvssResult, type CvssSeverity, type MetricSpec } from './types.ts';

const req = (values: string[]): MetricSpec => ({ values, required: true });
const opt = (values: string[]): MetricSpec => ({ values, required: false });

const SPECS: Readonly<Record<string, MetricSpec>> = {
  AV: req(['L', 'A', 'N']),
  AC: req(['H', 'M', 'L']),
  Au: req(['M', 'S', 'N']),
  C: req(['N', 'P', 'C']),
  I: req(['N', 'P', 'C']),
  A: req(['N', 'P', 'C']),
  E: opt(['U', 'POC', 'F', 'H', 'ND']),
  RL: opt(['OF', 'TF', 'W', 'U', 'ND']),
  RC: opt(['UC', 'UR', 'C', 'ND']),
  CDP: opt(['N', 'L', 'LM', 'MH', 'H', 'ND']),
  TD: opt(['N', 'L', 'M', 'H', 'ND']),
  CR: opt(['L', 'M', 'H', 'ND']),
  IR: opt(['L', 'M', 'H', 'ND']),
  AR: opt(['L', 'M', 'H', 'ND']),
};

const WEIGHTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  AV: { L: 0.395, A: 0.646, N: 1.0 },
  AC: { H: 0.35, M: 0.61, L: 0.71 },
  Au: { M: 0.45, S: 0.56, N: 0.704 },
  CIA: { N: 0, P: 0.275, C: 0.66 },
};

export function scoreV2(input: string): CvssResult {
  // NVD's older feeds wrap v2 vectors in parentheses: "(AV:N/AC:L/Au:N/C:P/I:P/A:P)".
  const vector = input.trim().replace(/^\((.*)\)$/, '$1');
  const metrics = parseMetrics(vector, SPECS);
  if (typeof metrics === 'string') return { valid: false, input, reason: metrics };
  const w = (group: string, key: string): number => WEIGHTS[group]?.[metrics[key] ?? ''] ?? 0;
  const impact = 10.41 * (1 - (1 - w('CIA', 'C')) * (1 - w('CIA', 'I')) * (1 - w('CIA', 'A')));
  const exploitability = 20 * w('AV', 'AV') * w('AC', 'AC') * w('Au', 'Au');
  const f = impact === 0 ? 0 : 1.176;
  const baseScore = round1((0.6 * impact + 0.4 * exploitability - 1.5) * f);
  return { valid: true, version: '2.0', vector, metrics, baseScore, scoreSource: 'computed', severity: severityV2(baseScore) };
}

export function severityV2(score: number): CvssSeverity {
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  return 'low';
}

// round_to_1_decimal; the epsilon keeps 4.35 (stored as 4.3499999...) at 4.4.
function round1(x: number): number {
  return Math.round(x * 10 + 1e-9) / 10;
}
