import { describe, expect, it } from 'vitest';
import { buildComponent } from '../../../testing/builders.ts';
import { buildTriage } from '../../../testing/triage-builders.ts';
import { createBodies, environmentalMetrics, isVersionRange, triageValuesSchema, updateBody, valuesOf, type TriageValues } from './triage-values.ts';

const VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:L';

function values(overrides: Partial<TriageValues> = {}): TriageValues {
  return {
    rationale: 'NA', scope: 'R', group: '', fileHash: '', versionMode: 'exact', version: '3.0.13', range: '', rescore: 'none', severity: '', vector: '', description: '',
    ...overrides,
  };
}

/** The form's messages by field, as the resolver would show them. */
function problems(input: TriageValues, mandatory = false): Record<string, string> {
  const parsed = triageValuesSchema(mandatory).safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('triage values', () => {
  it.each([
    ['>=1.2.0 <1.3.0', true],
    ['>=4.17.0,<4.18', true],
    ['=1:2.3-4', true],
    ['1.2.0', false],
    ['>=', false],
    ['', false],
    ['>=1 <2 >=1 <2 >=1 <2 >=1 <2 >=1', false],
    ['>=1.2 <=>1.3', false],
  ])('reads %j as a range: %s', (text, valid) => {
    expect(isVersionRange(text)).toBe(valid);
  });

  it('accepts a CVSS 3 vector only with environmental metrics set, and names them', () => {
    expect(environmentalMetrics(VECTOR)).toEqual([{ metric: 'Modified attack vector', value: 'Local' }]);
    expect(environmentalMetrics('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBeNull();
    expect(environmentalMetrics('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:X')).toBeNull();
    expect(environmentalMetrics('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/MAV:L')).toBeNull();
    expect(environmentalMetrics('AV:N/AC:L/Au:N/C:P/I:P/A:P/CR:L')).toBeNull();
  });

  it('asks for a rationale, the group of a group scope, a file hash, a version or range, the re-scoring and, when the account says so, a description', () => {
    expect(problems(values())).toEqual({});
    expect(problems(values({ rationale: '', scope: 'G', versionMode: 'range', range: '4.17', rescore: 'severity' }), true)).toEqual({
      rationale: 'Choose why.',
      group: 'Choose the group.',
      range: 'Comparators separated by spaces, e.g. >=1.2.0 <1.3.0.',
      severity: 'Choose the severity it counts with.',
      description: 'The account asks for a description of every triage.',
    });
    expect(problems(values({ scope: 'FH', fileHash: 'abc', version: ' ', rescore: 'vector', vector: 'CVSS:3.1/AV:N' }))).toEqual({
      fileHash: 'Give the SHA-1 of a file of the component (40 hexadecimal digits).',
      version: 'Give the version, or choose a range.',
      vector: 'A CVSS v3.1 vector that sets environmental metrics, e.g. CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:L.',
    });
    expect(problems(values({ description: '  ' }), true)).toEqual({ description: 'The account asks for a description of every triage.' });
  });

  it('makes one body per vulnerability, naming the component as the evaluation does and the scope\'s target', () => {
    const component = buildComponent({ lib: 'lodash', version: '4.17.20', custom_version: null, component_id: 'lodash' });
    expect(createBodies({ scanId: 42, component }, ['CVE-2021-23337', 'GHSA-35jh-r3h4-6jhm'], values({ version: '4.17.20', description: ' Not reachable. ' }))).toEqual([
      {
        scan_id: 42, component_name: 'lodash', mapped_component_id: 'lodash', component_version: '4.17.20', version_range: null, vuln_id: 'CVE-2021-23337',
        description: 'Not reachable.', rationale: 'NA', scope: 'R', result_scope: 42, adjusted_severity: null, environmental_vector: null,
      },
      {
        scan_id: 42, component_name: 'lodash', mapped_component_id: 'lodash', component_version: '4.17.20', version_range: null, vuln_id: 'GHSA-35jh-r3h4-6jhm',
        description: 'Not reachable.', rationale: 'NA', scope: 'R', result_scope: 42, adjusted_severity: null, environmental_vector: null,
      },
    ]);
    const hash = 'DA39A3EE5E6B4B0D3255BFEF95601890AFD80709';
    expect(createBodies({ scanId: 42, component: buildComponent() }, ['CVE-2024-5535'], values({ scope: 'FH', fileHash: hash, versionMode: 'range', range: '>=3.0 <3.1', rescore: 'vector', vector: VECTOR }))).toEqual([
      {
        scan_id: 42, component_name: 'openssl', component_version: null, version_range: '>=3.0 <3.1', vuln_id: 'CVE-2024-5535', description: '', rationale: 'NA', scope: 'FH',
        triaged_obj: hash.toLowerCase(), adjusted_severity: null, environmental_vector: VECTOR,
      },
    ]);
    expect(createBodies({ scanId: 42, component: buildComponent() }, ['CVE-2024-5535'], values({ scope: 'G', group: '7', rationale: 'CO', rescore: 'severity', severity: 'low' }))[0]).toMatchObject({
      scope: 'G', group_scope: 7, rationale: 'CO', adjusted_severity: 'low', environmental_vector: null,
    });
  });

  it('sends only what changed, and nothing when nothing did', () => {
    const stored = buildTriage();
    expect(updateBody(stored, valuesOf(stored))).toBeNull();
    expect(updateBody(stored, { ...valuesOf(stored), description: `${stored.description}  ` })).toBeNull();
    expect(updateBody(stored, { ...valuesOf(stored), rationale: 'FP' })).toEqual({ rationale: 'FP' });
    expect(updateBody(stored, { ...valuesOf(stored), versionMode: 'range', range: '>=3.0.0 <3.1.0' })).toEqual({ version_range: '>=3.0.0 <3.1.0', component_version: null });
    expect(updateBody(stored, { ...valuesOf(stored), scope: 'G', group: '7' })).toEqual({ scope: 'G', group_scope: 7 });
    expect(updateBody(stored, { ...valuesOf(stored), scope: 'CA' })).toEqual({ scope: 'CA' });
  });

  it('names an application scope\'s application only when the scope changes to it', () => {
    const account = buildTriage({ scope: 'CA', result_scope: null, scan_id: 42 });
    expect(updateBody(account, { ...valuesOf(account), scope: 'FN' })).toEqual({ scope: 'FN', result_scope: 42 });
    expect(updateBody(account, { ...valuesOf(account), scope: 'R' })).toEqual({ scope: 'R', result_scope: 42 });
    const byName = buildTriage({ scope: 'FN', result_scope: null, application_name: 'openwrt-23.05.bin' });
    expect(updateBody(byName, valuesOf(byName))).toBeNull();
  });

  it('moves between re-scorings: a vector\'s own severity is the server\'s, a chosen one is always sent', () => {
    const byVector = buildTriage({ environmental_vector: VECTOR, adjusted_severity: 'high', adjusted_score: 8.1 });
    expect(valuesOf(byVector)).toMatchObject({ rescore: 'vector', vector: VECTOR, severity: '' });
    expect(updateBody(byVector, valuesOf(byVector))).toBeNull();
    expect(updateBody(byVector, { ...valuesOf(byVector), vector: `${VECTOR}/CR:L` })).toEqual({ environmental_vector: `${VECTOR}/CR:L` });
    expect(updateBody(byVector, { ...valuesOf(byVector), rescore: 'severity', severity: 'high' })).toEqual({ environmental_vector: null, adjusted_severity: 'high' });
    expect(updateBody(byVector, { ...valuesOf(byVector), rescore: 'none' })).toEqual({ environmental_vector: null, adjusted_severity: null });

    const bySeverity = buildTriage({ adjusted_severity: 'low' });
    expect(updateBody(bySeverity, { ...valuesOf(bySeverity), rescore: 'vector', vector: VECTOR })).toEqual({ environmental_vector: VECTOR, adjusted_severity: null });
    expect(updateBody(bySeverity, { ...valuesOf(bySeverity), severity: 'medium' })).toEqual({ adjusted_severity: 'medium' });
  });
});
