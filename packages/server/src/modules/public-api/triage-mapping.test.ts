import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import type { Triage } from '../triages/schemas.ts';
import {
  type ApiTriagePut, matchesApiQuery, PublicFieldError, relabelByVuln, toApiTriage, TRIAGE_FIELD_NAMES, triageCreates, withPublicFields,
} from './triage-mapping.ts';

const HASH_A = 'a'.repeat(40);
const HASH_B = 'b'.repeat(40);

const put = (fields: Partial<ApiTriagePut>): ApiTriagePut => ({
  component: 'lodash', version: '4.17.20', vulns: ['CVE-2021-23337'], scope: 'R', reason: 'OT', description: 'Not reachable.', ...fields,
});

const stored: Triage = {
  id: 7, url: '/rest/triages/7/', scan_id: 3, component_name: 'lodash', mapped_component_id: null, component_version: '4.17.20', version_range: null,
  vuln_id: 'CVE-2021-23337', description: 'Not reachable.', rationale: 'VP', scope: 'R', triaged_obj: null, group_scope: null, result_scope: 3,
  application_name: null, adjusted_severity: null, environmental_vector: null, adjusted_score: null, user: 2,
  created: '2026-01-02T03:04:05.000Z', modified: '2026-01-03T03:04:05.000Z',
};

describe('triageCreates', () => {
  it('makes one /rest/ triage per vulnerability (a repeated id once) on the product for R and FN', () => {
    const common = { component_name: 'lodash', component_version: '4.17.20', description: 'Not reachable.', rationale: 'OT' };
    expect(triageCreates(put({ vulns: ['CVE-1', ' CVE-2', 'CVE-1'] }), { scanId: 9, fileHashes: [] })).toEqual([
      { ...common, scope: 'R', vuln_id: 'CVE-1', result_scope: 9 },
      { ...common, scope: 'R', vuln_id: 'CVE-2', result_scope: 9 },
    ]);
    expect(triageCreates(put({ scope: 'FN', description: undefined }), { scanId: 9, fileHashes: [] })).toEqual([
      { ...common, description: '', scope: 'FN', vuln_id: 'CVE-2021-23337', result_scope: 9 },
    ]);
  });

  it('names the product the triage is made on for CA and G, the group for G, and each file of the component for FH', () => {
    expect(triageCreates(put({ scope: 'CA' }), { scanId: 4, fileHashes: [] }).map((c) => [c.scan_id, c.group_scope, c.result_scope])).toEqual([[4, undefined, undefined]]);
    expect(triageCreates(put({ scope: 'G', group_id: 12 }), { scanId: 4, fileHashes: [] }).map((c) => [c.scan_id, c.group_scope])).toEqual([[4, 12]]);
    expect(triageCreates(put({ scope: 'FH', vulns: ['CVE-1', 'CVE-2'] }), { scanId: 4, fileHashes: [HASH_A, HASH_B] }).map((c) => [c.vuln_id, c.result_scope, c.triaged_obj]))
      .toEqual([['CVE-1', 4, HASH_A], ['CVE-1', 4, HASH_B], ['CVE-2', 4, HASH_A], ['CVE-2', 4, HASH_B]]);
  });

  it('refuses more than 1,000 triages, counting the files of FH', () => {
    const vulns = Array.from({ length: 501 }, (_, i) => `CVE-2020-${1000 + i}`);
    expect(triageCreates(put({ vulns, scope: 'FH' }), { scanId: 4, fileHashes: [HASH_A] })).toHaveLength(501);
    expect(() => triageCreates(put({ vulns, scope: 'FH' }), { scanId: 4, fileHashes: [HASH_A, HASH_B] })).toThrow(new AppError('api_triage_too_many'));
  });
});

describe('toApiTriage and matchesApiQuery', () => {
  it('answers the §3.8 record, the range of a /rest/ triage made with one as its version', () => {
    const user = { id: 2, email: 'ada@example.com', firstname: '', lastname: '', username: 'ada' };
    expect(toApiTriage(stored, user)).toEqual({
      id: 7, vuln_id: 'CVE-2021-23337', component: 'lodash', vendor: null, codetype: null, version: '4.17.20', modified: '2026-01-03T03:04:05.000Z',
      scope: 'R', reason: 'VP', description: 'Not reachable.', user,
    });
    expect(toApiTriage({ ...stored, component_version: null, version_range: '>=4.0.0 <4.17.21', user: null }, null)).toMatchObject({ version: '>=4.0.0 <4.17.21', user: null });
  });

  it('filters on the exact version and description, an empty filter matching all', () => {
    expect(matchesApiQuery(stored, {})).toBe(true);
    expect(matchesApiQuery(stored, { version: '4.17.20', description: 'Not reachable.' })).toBe(true);
    expect(matchesApiQuery(stored, { version: '', description: '' })).toBe(true);
    expect(matchesApiQuery(stored, { version: '4.17.2' })).toBe(false);
    expect(matchesApiQuery(stored, { description: 'Not reachable' })).toBe(false);
  });
});

describe('withPublicFields', () => {
  it('names the public field, and the vulnerability instead of the triage number', () => {
    const creates = triageCreates(put({ vulns: ['CVE-1', 'CVE-2'] }), { scanId: 9, fileHashes: [] });
    const numbered = new AppError('triage_vulnerability_unknown', 'Triage 2: The component has no such vulnerability in this application.');
    const renamed = withPublicFields(numbered, TRIAGE_FIELD_NAMES, relabelByVuln(creates));
    expect(renamed).toBeInstanceOf(PublicFieldError);
    expect((renamed as AppError).status).toBe(400);
    expect((renamed as AppError).toBody()).toEqual({ vulns: ['CVE-2: The component has no such vulnerability in this application.'] });
    expect((withPublicFields(new AppError('triage_result_not_found'), TRIAGE_FIELD_NAMES) as AppError).toBody()).toEqual({ product_id: ['Invalid pk - object does not exist.'] });
  });

  it('leaves a {detail} answer, and any other error, as they are', () => {
    const disabled = new AppError('triage_disabled');
    expect(withPublicFields(disabled, TRIAGE_FIELD_NAMES)).toBe(disabled);
    const other = new Error('boom');
    expect(withPublicFields(other, TRIAGE_FIELD_NAMES)).toBe(other);
  });
});
