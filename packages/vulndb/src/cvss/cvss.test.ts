import { describe, expect, it } from 'vitest';
import { cvssSeverity, scoreCvss } from './cvss.ts';

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

  it('validates the vector and takes severity from the given score', () => {
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

  it('accepts all-X supplemental metrics and reports no score when none is given', () => {
    const full = `${vector}/E:X/CR:X/IR:X/AR:X/MAV:X/MAC:X/MAT:X/MPR:X/MUI:X/MVC:X/MVI:X/MVA:X/MSC:X/MSI:X/MSA:X/S:X/AU:X/R:X/V:X/RE:X/U:X`;
    const result = scoreCvss(full);
    expect(result.valid && [result.baseScore, result.severity, result.scoreSource, result.macroVector]).toEqual([
      null, null, 'none', '011200',
    ]);
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
