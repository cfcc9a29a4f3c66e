// CVSS v4.0 (FIRST specification §8): vector validation, the EQ1..EQ6 macrovector,
// and the score: the macrovector's score lowered by the vector's mean severity
// distance from the macrovector's highest-severity vectors, proportioned to the
// score gap to each next lower macrovector (§8.3). The v4 severity scale is v3's.
import { severityV3 } from './v3.ts';
import { EQ1_MAXES, EQ2_MAXES, EQ3_EQ6_MAXES, EQ4_MAXES, MACROVECTOR_SCORES, MAX_SEVERITY } from './v4-macrovectors.ts';
import { parseMetrics, type CvssResult, type MetricSpec } from './types.ts';

const req = (values: string[]): MetricSpec => ({ values, required: true });
const opt = (values: string[]): MetricSpec => ({ values, required: false });
const HLN = ['H', 'L', 'N'];

const SPECS: Readonly<Record<string, MetricSpec>> = {
  AV: req(['N', 'A', 'L', 'P']),
  AC: req(['L', 'H']),
  AT: req(['N', 'P']),
  PR: req(['N', 'L', 'H']),
  UI: req(['N', 'P', 'A']),
  VC: req(HLN),
  VI: req(HLN),
  VA: req(HLN),
  SC: req(HLN),
  SI: req(HLN),
  SA: req(HLN),
  E: opt(['X', 'A', 'P', 'U']),
  CR: opt(['X', 'H', 'M', 'L']),
  IR: opt(['X', 'H', 'M', 'L']),
  AR: opt(['X', 'H', 'M', 'L']),
  MAV: opt(['X', 'N', 'A', 'L', 'P']),
  MAC: opt(['X', 'L', 'H']),
  MAT: opt(['X', 'N', 'P']),
  MPR: opt(['X', 'N', 'L', 'H']),
  MUI: opt(['X', 'N', 'P', 'A']),
  MVC: opt(['X', ...HLN]),
  MVI: opt(['X', ...HLN]),
  MVA: opt(['X', ...HLN]),
  MSC: opt(['X', ...HLN]),
  MSI: opt(['X', 'S', ...HLN]),
  MSA: opt(['X', 'S', ...HLN]),
  S: opt(['X', 'N', 'P']),
  AU: opt(['X', 'N', 'Y']),
  R: opt(['X', 'A', 'U', 'I']),
  V: opt(['X', 'D', 'C']),
  RE: opt(['X', 'L', 'M', 'H']),
  U: opt(['X', 'Clear', 'Green', 'Amber', 'Red']),
};

/**
 * Validates and scores a v4.0 vector. A `givenScore` (NVD's or a CNA's baseScore)
 * is kept as the result's score, as the feed states it; otherwise the score is computed.
 */
export function scoreV4(input: string, givenScore?: number): CvssResult {
  const vector = input.trim();
  // Sample: "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N".
  const m = /^CVSS:4\.0\/(.*)$/.exec(vector);
  if (m === null) return { valid: false, input, reason: 'not a CVSS v4.0 vector' };
  const metrics = parseMetrics(m[1] ?? '', SPECS);
  if (typeof metrics === 'string') return { valid: false, input, reason: metrics };
  const given = givenScore !== undefined && Number.isFinite(givenScore) && givenScore >= 0 && givenScore <= 10;
  const macro = macroVector(metrics);
  const baseScore = given ? givenScore : scoreOf(metrics, macro);
  return {
    valid: true,
    version: '4.0',
    vector,
    metrics,
    baseScore,
    scoreSource: given ? 'given' : 'computed',
    severity: severityV3(baseScore),
    macroVector: macro,
  };
}

/** The value of a metric as scored: environmental overrides applied, X taken as worst case. */
function effective(metrics: Readonly<Record<string, string>>, key: string): string {
  if (key === 'E') return metrics.E === undefined || metrics.E === 'X' ? 'A' : metrics.E;
  if (key === 'CR' || key === 'IR' || key === 'AR') return metrics[key] === undefined || metrics[key] === 'X' ? 'H' : (metrics[key] ?? 'H');
  const modified = metrics[`M${key}`];
  return modified !== undefined && modified !== 'X' ? modified : (metrics[key] ?? 'X');
}

/** Severity level of each value in tenths (0 = most severe), per metric (§8.3). */
const LEVELS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  AV: { N: 0, A: 1, L: 2, P: 3 },
  PR: { N: 0, L: 1, H: 2 },
  UI: { N: 0, P: 1, A: 2 },
  AC: { L: 0, H: 1 },
  AT: { N: 0, P: 1 },
  VC: { H: 0, L: 1, N: 2 },
  VI: { H: 0, L: 1, N: 2 },
  VA: { H: 0, L: 1, N: 2 },
  SC: { H: 1, L: 2, N: 3 },
  SI: { S: 0, H: 1, L: 2, N: 3 },
  SA: { S: 0, H: 1, L: 2, N: 3 },
  CR: { H: 0, M: 1, L: 2 },
  IR: { H: 0, M: 1, L: 2 },
  AR: { H: 0, M: 1, L: 2 },
};

const EQ1_KEYS = ['AV', 'PR', 'UI'];
const EQ2_KEYS = ['AC', 'AT'];
const EQ3_EQ6_KEYS = ['VC', 'VI', 'VA', 'CR', 'IR', 'AR'];
const EQ4_KEYS = ['SC', 'SI', 'SA'];

function scoreOf(metrics: Readonly<Record<string, string>>, macro: string): number {
  if (['VC', 'VI', 'VA', 'SC', 'SI', 'SA'].every((key) => effective(metrics, key) === 'N')) return 0;
  const [eq1, eq2, eq3, eq4, eq5, eq6] = [...macro].map(Number) as [number, number, number, number, number, number];
  const value = MACROVECTOR_SCORES.get(macro);
  if (value === undefined) throw new Error(`no CVSS v4 score for macrovector ${macro}`);
  const at = (a: number, b: number, c: number, d: number, e: number, f: number): number | undefined =>
    MACROVECTOR_SCORES.get(`${a}${b}${c}${d}${e}${f}`);

  // The next lower macrovector along each EQ; EQ3 and EQ6 move together (00 has two).
  let lowerEq3Eq6: number | undefined;
  if (eq3 === 0 && eq6 === 0) {
    const left = at(eq1, eq2, eq3, eq4, eq5, eq6 + 1);
    const right = at(eq1, eq2, eq3 + 1, eq4, eq5, eq6);
    lowerEq3Eq6 = left !== undefined && right !== undefined ? Math.max(left, right) : (left ?? right);
  } else if (eq3 === 1 && eq6 === 0) {
    lowerEq3Eq6 = at(eq1, eq2, eq3, eq4, eq5, eq6 + 1);
  } else {
    lowerEq3Eq6 = at(eq1, eq2, eq3 + 1, eq4, eq5, eq6 + (eq3 === 2 ? 1 : 0));
  }
  const lower = {
    eq1: at(eq1 + 1, eq2, eq3, eq4, eq5, eq6),
    eq2: at(eq1, eq2 + 1, eq3, eq4, eq5, eq6),
    eq3eq6: lowerEq3Eq6,
    eq4: at(eq1, eq2, eq3, eq4 + 1, eq5, eq6),
    eq5: at(eq1, eq2, eq3, eq4, eq5 + 1, eq6),
  };

  const distance = severityDistances(metrics, eq1, eq2, `${eq3}${eq6}`, eq4);
  const depth = {
    eq1: MAX_SEVERITY.eq1[eq1] ?? 1,
    eq2: MAX_SEVERITY.eq2[eq2] ?? 1,
    eq3eq6: MAX_SEVERITY.eq3eq6[`${eq3}${eq6}`] ?? 1,
    eq4: MAX_SEVERITY.eq4[eq4] ?? 1,
  };
  // Each existing lower macrovector contributes its score gap times the proportion of
  // the class's depth the vector sits below its maximum; EQ5 has no depth (proportion 0).
  let sum = 0;
  let existing = 0;
  for (const eq of ['eq1', 'eq2', 'eq3eq6', 'eq4', 'eq5'] as const) {
    const next = lower[eq];
    if (next === undefined) continue;
    existing += 1;
    if (eq !== 'eq5') sum += (value - next) * (distance[eq] / depth[eq]);
  }
  const score = Math.min(10, Math.max(0, value - (existing === 0 ? 0 : sum / existing)));
  // The reference rounds half up after a small lift, so that x.x5 computed a hair low still rounds up.
  return Math.round((score + 1e-6) * 10) / 10;
}

/**
 * Severity distances (in tenths) of the vector from the first highest-severity vector of
 * its macrovector that is at least as severe in every metric.
 */
function severityDistances(
  metrics: Readonly<Record<string, string>>, eq1: number, eq2: number, eq3eq6: string, eq4: number,
): { eq1: number; eq2: number; eq3eq6: number; eq4: number } {
  const level = (key: string, value: string | undefined): number => LEVELS[key]?.[value ?? ''] ?? 0;
  const own = (key: string): number => level(key, effective(metrics, key));
  const candidates: Readonly<Record<string, string>>[] = [];
  for (const a of EQ1_MAXES[eq1] ?? []) {
    for (const b of EQ2_MAXES[eq2] ?? []) {
      for (const c of EQ3_EQ6_MAXES[eq3eq6] ?? []) {
        for (const d of EQ4_MAXES[eq4] ?? []) candidates.push({ ...a, ...b, ...c, ...d });
      }
    }
  }
  let diffs: Record<string, number> = {};
  for (const max of candidates) {
    diffs = Object.fromEntries(Object.keys(LEVELS).map((key) => [key, own(key) - level(key, max[key])]));
    if (Object.values(diffs).every((d) => d >= 0)) break;
  }
  const total = (keys: readonly string[]): number => keys.reduce((n, key) => n + (diffs[key] ?? 0), 0);
  return { eq1: total(EQ1_KEYS), eq2: total(EQ2_KEYS), eq3eq6: total(EQ3_EQ6_KEYS), eq4: total(EQ4_KEYS) };
}

/** EQ1..EQ6 of spec §8.2, with environmental overrides (M*) applied. */
export function macroVector(metrics: Readonly<Record<string, string>>): string {
  const m = (key: string): string => {
    const modified = metrics[`M${key}`];
    return modified !== undefined && modified !== 'X' ? modified : (metrics[key] ?? 'X');
  };
  // Requirements default to High and Exploit Maturity to Attacked when not set.
  const req = (key: string): string => (metrics[key] === undefined || metrics[key] === 'X' ? 'H' : (metrics[key] ?? 'H'));
  const exploit = metrics.E === undefined || metrics.E === 'X' ? 'A' : metrics.E;

  const allNetworkNone = m('AV') === 'N' && m('PR') === 'N' && m('UI') === 'N';
  const anyNetworkNone = m('AV') === 'N' || m('PR') === 'N' || m('UI') === 'N';
  const eq1 = allNetworkNone ? 0 : anyNetworkNone && m('AV') !== 'P' ? 1 : 2;
  const eq2 = m('AC') === 'L' && m('AT') === 'N' ? 0 : 1;
  const eq3 = m('VC') === 'H' && m('VI') === 'H' ? 0 : m('VC') === 'H' || m('VI') === 'H' || m('VA') === 'H' ? 1 : 2;
  const safety = metrics.MSI === 'S' || metrics.MSA === 'S';
  const eq4 = safety ? 0 : m('SC') === 'H' || m('SI') === 'H' || m('SA') === 'H' ? 1 : 2;
  const eq5 = exploit === 'A' ? 0 : exploit === 'P' ? 1 : 2;
  const highReq =
    (req('CR') === 'H' && m('VC') === 'H') || (req('IR') === 'H' && m('VI') === 'H') || (req('AR') === 'H' && m('VA') === 'H');
  const eq6 = highReq ? 0 : 1;
  return `${eq1}${eq2}${eq3}${eq4}${eq5}${eq6}`;
}
