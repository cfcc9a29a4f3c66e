// CVSS v4.0: vector validation, the EQ1..EQ6 macrovector (spec §8.2) and
// severity from a score. Not done yet: the base score itself, which needs
// FIRST's table of 270 macrovector scores and the interpolation within each
// macrovector; until then the score is the one the feed supplies.
import { severityV3 } from './v3.ts';
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
 * Validates a v4.0 vector. `givenScore` (e.g. NVD's or a CNA's baseScore)
 * becomes the result's score and decides the severity.
 */
export function scoreV4(input: string, givenScore?: number): CvssResult {
  const vector = input.trim();
  // Sample: "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N".
  const m = /^CVSS:4\.0\/(.*)$/.exec(vector);
  if (m === null) return { valid: false, input, reason: 'not a CVSS v4.0 vector' };
  const metrics = parseMetrics(m[1] ?? '', SPECS);
  if (typeof metrics === 'string') return { valid: false, input, reason: metrics };
  const scored = givenScore !== undefined && Number.isFinite(givenScore) && givenScore >= 0 && givenScore <= 10;
  return {
    valid: true,
    version: '4.0',
    vector,
    metrics,
    baseScore: scored ? givenScore : null,
    scoreSource: scored ? 'given' : 'none',
    severity: scored ? severityV3(givenScore) : null,
    macroVector: macroVector(metrics),
  };
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
