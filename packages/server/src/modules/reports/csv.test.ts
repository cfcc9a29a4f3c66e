import { describe, expect, it } from 'vitest';
import { csvDocument, score } from './csv.ts';
import { vulnerabilityUrl } from './report-data.ts';
import { triageVectors } from './vulnerabilities-csv.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';

describe('csvDocument', () => {
  it('quotes per RFC 4180, ends lines with CRLF and keeps formulas text', () => {
    expect(csvDocument(['a', 'b'], [['x,y', 'say "hi"'], ['=1+2', null], ['-rf', 3], ['line\nbreak', '@SUM(A1)'], ['\tx', '+1']])).toBe(
      'a,b\r\n"x,y","say ""hi"""\r\n\'=1+2,\r\n\'-rf,3\r\n"line\nbreak",\'@SUM(A1)\r\n\'\tx,\'+1\r\n',
    );
  });

  it('writes scores with one decimal, empty without one', () => {
    expect([score(9.8), score(5), score(0), score(null)]).toEqual(['9.8', '5.0', '0.0', '']);
  });
});

describe('vulnerabilityUrl', () => {
  it('points CVEs at NVD, GHSAs at GitHub and the rest at OSV', () => {
    expect(vulnerabilityUrl('CVE-2023-45853')).toBe('https://nvd.nist.gov/vuln/detail/CVE-2023-45853');
    expect(vulnerabilityUrl('GHSA-35jh-r3h4-6jhm')).toBe('https://github.com/advisories/GHSA-35jh-r3h4-6jhm');
    expect(vulnerabilityUrl('GO-2023-1864')).toBe('https://osv.dev/vulnerability/GO-2023-1864');
  });
});

describe('triageVectors', () => {
  it('writes each triage as scope/rationale with what a re-scoring sets', () => {
    const triage = (fields: Partial<TriageDto>) => ({ scope: 'R', rationale: 'NA', adjusted_severity: null, environmental_vector: null, ...fields }) as TriageDto;
    expect(triageVectors([triage({}), triage({ scope: 'G', rationale: 'MI', adjusted_severity: 'low' }), triage({ scope: 'CA', rationale: 'OT', environmental_vector: 'CR:L' })]))
      .toBe('R/NA; G/MI severity=low; CA/OT vector=CR:L');
    expect(triageVectors([])).toBe('');
  });
});
