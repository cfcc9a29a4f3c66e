import { describe, expect, it } from 'vitest';
import { cvssSeverity, scoreCvss } from './cvss.ts';
import { environmentalScoreV3 } from './v3.ts';
import { MACROVECTOR_SCORES } from './v4-macrovectors.ts';

// Vectors with the base scores NVD published for them.
describe('scoreCvss v3.x', () => {
  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'critical'],
    ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', 7.8, 'high'],
    ['CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1, 'medium'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 10, 'critical'],
    ['CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:L/I:N/A:N', 2.7, 'low'],
    ['CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:U/C:N/I:L/A:N', 3.5, 'low'],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:N/I:L/A:N', 4, 'medium'],
    ['CVSS:3.1/AV:A/AC:H/PR:H/UI:N/S:U/C:H/I:N/A:N', 4.2, 'medium'],
    ['CVSS:3.1/AV:N/AC:L/PR:H/UI:R/S:C/C:L/I:L/A:N', 4.8, 'medium'],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:C/C:H/I:N/A:N', 6.1, 'medium'],
    ['CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H', 7, 'high'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5, 'high'],
    ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 8.8, 'high'],
    ['CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:H', 9, 'critical'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N', 9.1, 'critical'],
    ['CVSS:3.0/AV:L/AC:H/PR:H/UI:N/S:U/C:L/I:L/A:L', 3.9, 'low'],
    ['CVSS:3.0/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:H/A:H', 7.5, 'high'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N', 0, 'none'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:P/RL:O/RC:C', 9.8, 'critical'],
  ] as const)('%s = %d', (vector, score, severity) => {
    const result = scoreCvss(vector);
    expect(result.valid && [result.baseScore, result.severity, result.scoreSource]).toEqual([score, severity, 'computed']);
  });
});

describe('scoreCvss v2', () => {
  it.each([
    ['AV:N/AC:L/Au:N/C:P/I:P/A:P', 7.5, 'high'],
    ['AV:N/AC:L/Au:N/C:C/I:C/A:C', 10, 'high'],
    ['AV:L/AC:M/Au:N/C:N/I:N/A:P', 1.9, 'low'],
    ['AV:L/AC:L/Au:N/C:N/I:N/A:P', 2.1, 'low'],
    ['AV:N/AC:H/Au:N/C:N/I:N/A:P', 2.6, 'low'],
    ['AV:A/AC:L/Au:N/C:N/I:N/A:P', 3.3, 'low'],
    ['AV:N/AC:M/Au:N/C:N/I:N/A:P', 4.3, 'medium'],
    ['AV:N/AC:L/Au:N/C:N/I:N/A:P', 5, 'medium'],
    ['AV:A/AC:L/Au:S/C:P/I:P/A:P', 5.2, 'medium'],
    ['AV:N/AC:M/Au:N/C:N/I:P/A:P', 5.8, 'medium'],
    ['AV:N/AC:L/Au:S/C:P/I:P/A:P', 6.5, 'medium'],
    ['AV:N/AC:M/Au:N/C:P/I:P/A:P', 6.8, 'medium'],
    ['AV:L/AC:L/Au:N/C:C/I:C/A:C', 7.2, 'high'],
    ['AV:N/AC:M/Au:N/C:P/I:P/A:C', 8.3, 'high'],
    ['(AV:N/AC:L/Au:N/C:P/I:P/A:P)', 7.5, 'high'],
    ['AV:N/AC:L/Au:N/C:N/I:N/A:N', 0, 'low'],
    ['AV:N/AC:L/Au:N/C:P/I:P/A:P/E:POC/RL:OF/RC:C', 7.5, 'high'],
  ] as const)('%s = %d', (vector, score, severity) => {
    const result = scoreCvss(vector);
    expect(result.valid && [result.version, result.baseScore, result.severity]).toEqual(['2.0', score, severity]);
  });
});

describe('scoreCvss v4.0', () => {
  const vector = 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N';

  it('keeps a score the feed gives, with its severity', () => {
    expect(scoreCvss(vector, { score: 8.2 })).toEqual({
      valid: true,
      version: '4.0',
      vector,
      metrics: { AV: 'N', AC: 'L', AT: 'P', PR: 'N', UI: 'N', VC: 'N', VI: 'N', VA: 'H', SC: 'N', SI: 'N', SA: 'N' },
      baseScore: 8.2,
      scoreSource: 'given',
      severity: 'high',
      macroVector: '011200',
    });
  });

  it('computes the score when none is given, all-X supplemental metrics changing nothing', () => {
    const full = `${vector}/E:X/CR:X/IR:X/AR:X/MAV:X/MAC:X/MAT:X/MPR:X/MUI:X/MVC:X/MVI:X/MVA:X/MSC:X/MSI:X/MSA:X/S:X/AU:X/R:X/V:X/RE:X/U:X`;
    const result = scoreCvss(full);
    expect(result.valid && [result.baseScore, result.severity, result.scoreSource, result.macroVector]).toEqual([
      8.2, 'high', 'computed', '011200',
    ]);
  });

  // Vectors with the scores FIRST's v4.0 calculator gives them. The first is protobuf's
  // CVE-2025-4565 as NVD publishes it (8.2); the others cover every EQ level, the
  // interpolation within a macrovector, threat (E) and requirement (CR/IR/AR) metrics.
  const PHYSICAL = 'CVSS:4.0/AV:P/AC:H/AT:P/PR:H/UI:A/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H';
  it.each([
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:N', 8.2, 'high'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', 10, 'critical'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N', 0, 'none'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:H/VA:L/SC:N/SI:H/SA:L', 9.2, 'critical'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:L/VA:L/SC:H/SI:N/SA:L', 7.8, 'high'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:L/VA:N/SC:N/SI:L/SA:N', 6.9, 'medium'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:H/SI:L/SA:H', 7.9, 'high'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:L/VI:N/VA:N/SC:L/SI:N/SA:L', 5.3, 'medium'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', 8.6, 'high'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N', 5.1, 'medium'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:N/SC:H/SI:L/SA:L', 6.4, 'medium'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:H/VI:L/VA:L/SC:L/SI:L/SA:L', 7, 'high'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:H/UI:P/VC:L/VI:L/VA:N/SC:L/SI:N/SA:N', 4.8, 'medium'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:H/UI:A/VC:L/VI:N/VA:N/SC:H/SI:N/SA:H', 6, 'medium'],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:A/VC:N/VI:N/VA:N/SC:L/SI:N/SA:N', 2.1, 'low'],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:L/UI:N/VC:N/VI:N/VA:N/SC:N/SI:L/SA:N', 2.3, 'low'],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:H/UI:A/VC:N/VI:L/VA:L/SC:L/SI:N/SA:N', 1.8, 'low'],
    ['CVSS:4.0/AV:N/AC:H/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:L/SI:H/SA:L', 9.4, 'critical'],
    ['CVSS:4.0/AV:N/AC:H/AT:N/PR:L/UI:A/VC:N/VI:L/VA:L/SC:H/SI:H/SA:L', 5, 'medium'],
    ['CVSS:4.0/AV:N/AC:H/AT:N/PR:H/UI:A/VC:N/VI:N/VA:N/SC:N/SI:H/SA:N', 4, 'medium'],
    ['CVSS:4.0/AV:N/AC:H/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:L/SA:N', 9.5, 'critical'],
    ['CVSS:4.0/AV:N/AC:H/AT:P/PR:N/UI:N/VC:N/VI:L/VA:N/SC:L/SI:H/SA:L', 7, 'high'],
    [`${PHYSICAL}/E:A`, 7.3, 'high'],
    [`${PHYSICAL}/E:P`, 5.9, 'medium'],
    [`${PHYSICAL}/E:U`, 4.1, 'medium'],
    [`${PHYSICAL}/CR:H/IR:M/AR:L`, 7.1, 'high'],
    [`${PHYSICAL}/CR:M/IR:M/AR:M`, 5.5, 'medium'],
    [`${PHYSICAL}/CR:L/IR:L/AR:L`, 5.4, 'medium'],
    // Environmental overrides, Safety (MSI:S) included.
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:H/SI:H/SA:H/MSI:S', 9.1, 'critical'],
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/CR:L/IR:L/AR:L', 8.9, 'high'],
    // 9.2 - mean(0, 0, 1.2 × 3/6, 0) = 9.05 exactly: the calculator rounds it up (it lands
    // a hair below 9.05 in floating point, hence its small lift before rounding).
    ['CVSS:4.0/AV:N/AC:H/AT:P/PR:N/UI:N/VC:N/VI:L/VA:H/SC:L/SI:N/SA:N/E:P/MSI:S/MSA:L/MVC:H/MVA:H', 9.1, 'critical'],
  ] as const)('%s = %d', (v, score, severity) => {
    const result = scoreCvss(v);
    expect(result.valid && [result.baseScore, result.severity, result.scoreSource]).toEqual([score, severity, 'computed']);
  });

  it('has a score for each of the 270 macrovectors', () => {
    expect(MACROVECTOR_SCORES.size).toBe(270);
    expect([MACROVECTOR_SCORES.get('000000'), MACROVECTOR_SCORES.get('011200'), MACROVECTOR_SCORES.get('212221')]).toEqual([10, 8.4, 0.1]);
  });

  it.each([
    ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', '000100'],
    ['CVSS:4.0/AV:P/AC:H/AT:P/PR:H/UI:A/VC:L/VI:L/VA:L/SC:L/SI:L/SA:L/E:U', '212221'],
    ['CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:N/VC:H/VI:L/VA:N/SC:N/SI:N/SA:N/MSI:S/E:P', '101010'],
  ])('macrovector of %s is %s', (v, eqs) => {
    const result = scoreCvss(v);
    expect(result.valid && result.macroVector).toBe(eqs);
  });
});

describe('scoreCvss on bad input', () => {
  it.each([
    ['', 'not a CVSS vector'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H', 'missing base metric(s) A'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/A:H', 'metric A appears twice'],
    ['CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'invalid value "X" for metric AV'],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/ZZ:1', 'unknown metric "ZZ"'],
    ['CVSS:3.2/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'not a CVSS v3 vector'],
    ['CVSS:5.0/AV:N', 'unknown CVSS version'],
    ['AV:N/AC:L/Au:N/C:P/I:P', 'missing base metric(s) A'],
    ['AV:N/AC:L//Au:N/C:P/I:P/A:P', 'malformed metric ""'],
    ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N', 'missing base metric(s) SA'],
  ])('%j is invalid: %s', (vector, reason) => {
    expect(scoreCvss(vector)).toEqual({ valid: false, input: vector, reason });
  });
});

describe('cvssSeverity', () => {
  it.each([
    ['2.0', 3.9, 'low'], ['2.0', 4, 'medium'], ['2.0', 7, 'high'], ['2.0', 10, 'high'],
    ['3.1', 0, 'none'], ['3.1', 0.1, 'low'], ['3.1', 6.9, 'medium'], ['3.0', 8.9, 'high'], ['4.0', 9, 'critical'],
  ] as const)('v%s %d -> %s', (version, score, severity) => {
    expect(cvssSeverity(version, score)).toBe(severity);
  });
});

describe('environmentalScoreV3', () => {
  const metricsOf = (vector: string): Readonly<Record<string, string>> => {
    const result = scoreCvss(vector);
    if (!result.valid) throw new Error(result.reason);
    return result.metrics;
  };

  it('equals the base score without environmental or temporal metrics', () => {
    expect(environmentalScoreV3(metricsOf('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'))).toBe(9.8);
  });

  // Worked by hand from specification §7.3: MISS 0.626752, impact 4.0237, exploitability 2.5151, Roundup(6.5389) = 6.6.
  it('lowers the score for a component reachable only locally with low confidentiality requirement', () => {
    expect(environmentalScoreV3(metricsOf('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/CR:L/IR:L/AR:L/MAV:L'))).toBe(6.6);
  });

  // MISS 0.3916, changed impact 2.7268 + exploitability 3.1096, × 1.08 → 6.4, × E:P 0.94 × RL:O 0.95 → Roundup(5.7152) = 5.8.
  it('applies the temporal metrics and a changed modified scope', () => {
    expect(environmentalScoreV3(metricsOf('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:N/E:P/RL:O/RC:C/MS:C'))).toBe(5.8);
  });
});
