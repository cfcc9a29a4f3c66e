// CVSS v3.0 and v3.1 base score (FIRST specification, §7.1 and Appendix A
// for v3.1's Roundup) and the v3 qualitative severity scale.
import { parseMetrics, type CvssResult, type CvssSeverity, type MetricSpec } from './types.ts';

const req = (values: string[]): MetricSpec => ({ values, required: true });
const opt = (values: string[]): MetricSpec => ({ values, required: false });
const CIA = ['H', 'L', 'N'];

const SPECS: Readonly<Record<string, MetricSpec>> = {
  AV: req(['N', 'A', 'L', 'P']),
  AC: req(['L', 'H']),
  PR: req(['N', 'L', 'H']),
  UI: req(['N', 'R']),
  S: req(['U', 'C']),
  C: req(CIA),
  I: req(CIA),
  A: req(CIA),
  E: opt(['X', 'H', 'F', 'P', 'U']),
  RL: opt(['X', 'U', 'W', 'T', 'O']),
  RC: opt(['X', 'C', 'R', 'U']),
  CR: opt(['X', 'H', 'M', 'L']),
  IR: opt(['X', 'H', 'M', 'L']),
  AR: opt(['X', 'H', 'M', 'L']),
  MAV: opt(['X', 'N', 'A', 'L', 'P']),
  MAC: opt(['X', 'L', 'H']),
  MPR: opt(['X', 'N', 'L', 'H']),
  MUI: opt(['X', 'N', 'R']),
  MS: opt(['X', 'U', 'C']),
  MC: opt(['X', ...CIA]),
  MI: opt(['X', ...CIA]),
  MA: opt(['X', ...CIA]),
};

const AV: Readonly<Record<string, number>> = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 };
const AC: Readonly<Record<string, number>> = { L: 0.77, H: 0.44 };
const UI: Readonly<Record<string, number>> = { N: 0.85, R: 0.62 };
const CIA_WEIGHT: Readonly<Record<string, number>> = { H: 0.56, L: 0.22, N: 0 };
// Privileges Required weighs more when the scope changes.
const PR_UNCHANGED: Readonly<Record<string, number>> = { N: 0.85, L: 0.62, H: 0.27 };
const PR_CHANGED: Readonly<Record<string, number>> = { N: 0.85, L: 0.68, H: 0.5 };

export function scoreV3(input: string): CvssResult {
  const vector = input.trim();
  // Sample: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" -> "3.1", "AV:N/...".
  const m = /^CVSS:(3\.[01])\/(.*)$/.exec(vector);
  if (m === null) return { valid: false, input, reason: 'not a CVSS v3 vector' };
  const version = m[1] === '3.0' ? '3.0' : '3.1';
  const metrics = parseMetrics(m[2] ?? '', SPECS);
  if (typeof metrics === 'string') return { valid: false, input, reason: metrics };
  const baseScore = baseScoreV3(metrics, version === '3.1' ? roundUp31 : roundUp30);
  return { valid: true, version, vector, metrics, baseScore, scoreSource: 'computed', severity: severityV3(baseScore) };
}

function baseScoreV3(metrics: Readonly<Record<string, string>>, roundUp: (x: number) => number): number {
  const get = (table: Readonly<Record<string, number>>, key: string): number => table[metrics[key] ?? ''] ?? 0;
  const changed = metrics.S === 'C';
  const iss = 1 - (1 - get(CIA_WEIGHT, 'C')) * (1 - get(CIA_WEIGHT, 'I')) * (1 - get(CIA_WEIGHT, 'A'));
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  const exploitability = 8.22 * get(AV, 'AV') * get(AC, 'AC') * get(changed ? PR_CHANGED : PR_UNCHANGED, 'PR') * get(UI, 'UI');
  if (impact <= 0) return 0;
  return roundUp(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10));
}

const TEMPORAL: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  E: { X: 1, H: 1, F: 0.97, P: 0.94, U: 0.91 },
  RL: { X: 1, U: 1, W: 0.97, T: 0.96, O: 0.95 },
  RC: { X: 1, C: 1, R: 0.96, U: 0.92 },
};
const REQUIREMENT: Readonly<Record<string, number>> = { X: 1, H: 1.5, M: 1, L: 0.5 };

/**
 * The v3.1 environmental score (specification §7.3) of a valid v3 vector: the modified base
 * metrics (an `X` or absent one takes the base metric's value), the security requirements and
 * the temporal metrics. With none of them it equals the base score.
 */
export function environmentalScoreV3(metrics: Readonly<Record<string, string>>): number {
  const modified = (key: string): string => {
    const value = metrics[`M${key}`];
    return value === undefined || value === 'X' ? (metrics[key] ?? '') : value;
  };
  const weight = (table: Readonly<Record<string, number>>, key: string): number => table[modified(key)] ?? 0;
  const factor = (table: Readonly<Record<string, number>>, key: string): number => table[metrics[key] ?? 'X'] ?? 1;
  const changed = modified('S') === 'C';
  const miss = Math.min(1 - (1 - factor(REQUIREMENT, 'CR') * weight(CIA_WEIGHT, 'C')) * (1 - factor(REQUIREMENT, 'IR') * weight(CIA_WEIGHT, 'I'))
    * (1 - factor(REQUIREMENT, 'AR') * weight(CIA_WEIGHT, 'A')), 0.915);
  const impact = changed ? 7.52 * (miss - 0.029) - 3.25 * (miss * 0.9731 - 0.02) ** 13 : 6.42 * miss;
  const exploitability = 8.22 * weight(AV, 'AV') * weight(AC, 'AC') * weight(changed ? PR_CHANGED : PR_UNCHANGED, 'PR') * weight(UI, 'UI');
  if (impact <= 0) return 0;
  const temporal = factor(TEMPORAL.E ?? {}, 'E') * factor(TEMPORAL.RL ?? {}, 'RL') * factor(TEMPORAL.RC ?? {}, 'RC');
  return roundUp31(roundUp31(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10)) * temporal);
}

// v3.1 Appendix A: Roundup on integers, avoiding float artefacts such as
// ceil(4.000000001 * 10) = 41.
function roundUp31(x: number): number {
  const intInput = Math.round(x * 100000);
  return intInput % 10000 === 0 ? intInput / 100000 : (Math.floor(intInput / 10000) + 1) / 10;
}

// v3.0 defines Roundup as the smallest one-decimal number >= x.
function roundUp30(x: number): number {
  return Math.ceil(x * 10) / 10;
}

/** The v3 (and v4) qualitative scale: 0 none, <4 low, <7 medium, <9 high, else critical. */
export function severityV3(score: number): CvssSeverity {
  if (score === 0) return 'none';
  if (score < 4) return 'low';
  if (score < 7) return 'medium';
  if (score < 9) return 'high';
  return 'critical';
}
