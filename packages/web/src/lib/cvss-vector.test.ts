import { describe, expect, it } from 'vitest';
import { explainCvssVector } from './cvss-vector.ts';

/** "Metric: value" per metric, as the vulnerability page lists them. */
const lines = (vector: string) => explainCvssVector(vector)?.metrics.map((m) => `${m.metric}: ${m.value}`) ?? null;

describe('explainCvssVector', () => {
  it.each([
    [
      'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
      ['Attack vector: Network', 'Attack complexity: Low', 'Privileges required: High', 'User interaction: None', 'Scope: Unchanged', 'Confidentiality: High', 'Integrity: High', 'Availability: High'],
    ],
    [
      'CVSS:3.0/AV:P/AC:H/PR:L/UI:R/S:C/C:L/I:N/A:L/E:P/RL:O/RC:R/MAV:A/CR:M',
      [
        'Attack vector: Physical', 'Attack complexity: High', 'Privileges required: Low', 'User interaction: Required', 'Scope: Changed',
        'Confidentiality: Low', 'Integrity: None', 'Availability: Low', 'Exploit code maturity: Proof of concept', 'Remediation level: Official fix',
        'Report confidence: Reasonable', 'Modified attack vector: Adjacent', 'Confidentiality requirement: Medium',
      ],
    ],
    [
      'AV:N/AC:L/Au:S/C:P/I:P/A:P',
      ['Access vector: Network', 'Access complexity: Low', 'Authentication: Single', 'Confidentiality impact: Partial', 'Integrity impact: Partial', 'Availability impact: Partial'],
    ],
    [
      '(AV:A/AC:M/Au:N/C:C/I:N/A:N/E:POC/RL:ND/CDP:LM)',
      [
        'Access vector: Adjacent network', 'Access complexity: Medium', 'Authentication: None', 'Confidentiality impact: Complete', 'Integrity impact: None',
        'Availability impact: None', 'Exploitability: Proof of concept', 'Remediation level: Not defined', 'Collateral damage potential: Low-medium',
      ],
    ],
    [
      'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:A/VC:H/VI:L/VA:N/SC:N/SI:L/SA:H/E:A/MSI:S/S:P/AU:Y/R:I/V:C/RE:M/U:Amber',
      [
        'Attack vector: Network', 'Attack complexity: Low', 'Attack requirements: Present', 'Privileges required: None', 'User interaction: Active',
        'Vulnerable system confidentiality: High', 'Vulnerable system integrity: Low', 'Vulnerable system availability: None',
        'Subsequent system confidentiality: None', 'Subsequent system integrity: Low', 'Subsequent system availability: High', 'Exploit maturity: Attacked',
        'Modified subsequent system integrity: Safety', 'Safety: Present', 'Automatable: Yes', 'Recovery: Irrecoverable', 'Value density: Concentrated',
        'Vulnerability response effort: Moderate', 'Provider urgency: Amber',
      ],
    ],
  ])('explains %s', (vector, expected) => {
    expect(lines(vector)).toEqual(expected);
  });

  it.each([
    ['CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H', '3.1'],
    ['CVSS:3.0/AV:N', '3.0'],
    ['CVSS:4.0/AV:N', '4.0'],
    ['AV:N/AC:L', '2.0'],
  ])('reads the version of %s', (vector, version) => {
    expect(explainCvssVector(vector)?.version).toBe(version);
  });

  it('keeps the abbreviations beside the words', () => {
    expect(explainCvssVector('CVSS:3.1/AV:N')?.metrics).toEqual([{ key: 'AV', metric: 'Attack vector', code: 'N', value: 'Network' }]);
  });

  it.each([
    ['an unknown metric', 'CVSS:3.1/AV:N/XX:Y'],
    ['an unknown value', 'CVSS:3.1/AV:Q'],
    ['a v4 metric in a v3 vector', 'CVSS:3.1/AT:N'],
    ['a v2 value in a v3 vector', 'CVSS:3.1/E:POC'],
    ['a metric given twice', 'CVSS:3.1/AV:N/AV:L'],
    ['an unknown version', 'CVSS:5.0/AV:N'],
    ['a part without a value', 'CVSS:3.1/AV'],
    ['an inherited property name', 'CVSS:3.1/AV:toString'],
    ['empty text', ''],
  ])('refuses %s', (_case, vector) => {
    expect(explainCvssVector(vector)).toBeNull();
  });
});
