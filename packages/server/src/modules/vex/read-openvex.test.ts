import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { readVexDocument } from './detect.ts';
import { readOpenVex } from './read-openvex.ts';

const CURL = 'pkg:deb/ubuntu/curl@7.81.0-1ubuntu1.24?arch=amd64&distro=jammy';
const purl = (text: string, version: string | null) => ({ purl: text, name: null, version, label: text });

/** OpenVEX as distributions and vendors write it: statements on packages, on an image's subcomponents, and a 0.0.x bare id. */
const FOREIGN = {
  '@context': 'https://openvex.dev/ns/v0.2.0',
  '@id': 'https://example.com/vex/router-2.1',
  author: 'Example Vendor',
  timestamp: '2026-01-10T09:00:00Z',
  version: 3,
  statements: [
    { vulnerability: { name: 'CVE-2023-38545' }, products: [{ '@id': CURL }, { '@id': CURL.replace('amd64', 'arm64') }], status: 'fixed' },
    {
      vulnerability: { '@id': 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337', name: 'CVE-2021-23337' },
      products: [{ '@id': 'pkg:oci/router@sha256%3Aabc', subcomponents: [{ '@id': 'pkg:npm/lodash@4.17.20' }, { identifiers: { purl: 'pkg:npm/minimist@1.2.5' } }] }],
      status: 'not_affected',
      justification: 'vulnerable_code_cannot_be_controlled_by_adversary',
      status_notes: 'Reviewed by the security team.',
    },
    { vulnerability: { name: 'CVE-2024-0001' }, products: [{ '@id': 'pkg:npm/lodash@4.17.20' }], status: 'not_affected', impact_statement: 'Only used by the test suite.' },
    { vulnerability: { name: 'CVE-2024-0002' }, products: [{ '@id': 'pkg:npm/lodash@4.17.20' }], status: 'affected', action_statement: 'Upgrade to 4.17.21.' },
    { vulnerability: { name: 'CVE-2024-0003' }, products: [{ '@id': 'pkg:npm/lodash@4.17.20' }], status: 'under_investigation', status_notes: 'Looking into it.' },
    { vulnerability: 'CVE-2024-0004', products: [{ '@id': 'https://example.com/products/router' }], status: 'not_affected', justification: 'component_not_present' },
    { vulnerability: { name: 'CVE-2024-0005' }, products: [{ '@id': 'pkg:npm/lodash' }], status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' },
  ],
};

describe('OpenVEX reader', () => {
  it('reads each statement with its products (or their subcomponents), its rationale from status and justification, and its words', () => {
    expect(readOpenVex(FOREIGN)).toEqual([
      { number: 1, vulnId: 'CVE-2023-38545', products: [purl(CURL, '7.81.0-1ubuntu1.24'), purl(CURL.replace('amd64', 'arm64'), '7.81.0-1ubuntu1.24')], rationale: 'PA', description: '', binlens: null },
      {
        number: 2, vulnId: 'CVE-2021-23337', products: [purl('pkg:npm/lodash@4.17.20', '4.17.20'), purl('pkg:npm/minimist@1.2.5', '1.2.5')],
        rationale: 'MI', description: 'Reviewed by the security team.', binlens: null,
      },
      { number: 3, vulnId: 'CVE-2024-0001', products: [purl('pkg:npm/lodash@4.17.20', '4.17.20')], rationale: 'OT', description: 'Only used by the test suite.', binlens: null },
      { number: 4, vulnId: 'CVE-2024-0002', products: [purl('pkg:npm/lodash@4.17.20', '4.17.20')], rationale: 'CO', description: 'Upgrade to 4.17.21.', binlens: null },
      { number: 5, vulnId: 'CVE-2024-0003', products: [purl('pkg:npm/lodash@4.17.20', '4.17.20')], rationale: 'CO', description: 'Looking into it.', binlens: null },
      {
        number: 6, vulnId: 'CVE-2024-0004', products: [{ purl: null, name: null, version: null, label: 'https://example.com/products/router' }],
        rationale: 'FP', description: '', binlens: null,
      },
      { number: 7, vulnId: 'CVE-2024-0005', products: [purl('pkg:npm/lodash', null)], rationale: 'FD', description: '', binlens: null },
    ]);
  });

  it('takes the rationale, description and facts of a binlens status-notes line over the status', () => {
    const [statement] = readOpenVex({
      ...FOREIGN,
      statements: [{
        vulnerability: { name: 'CVE-2024-0001' }, products: [{ '@id': 'pkg:npm/lodash@4.17.20' }], status: 'affected', action_statement: 'Will not fix. Legacy.',
        status_notes: 'Legacy.\n\nbinlens: {"rationale":"WF","scope":"R","result_scope":9,"version_range":">=4.17.0 <4.18.0"}',
      }],
    });
    expect(statement).toEqual({
      number: 1, vulnId: 'CVE-2024-0001', products: [purl('pkg:npm/lodash@4.17.20', '4.17.20')], rationale: 'WF', description: 'Legacy.',
      binlens: { rationale: 'WF', scope: 'R', result_scope: 9, version_range: '>=4.17.0 <4.18.0' },
    });
  });

  it.each([
    [{ status: 'maybe', vulnerability: { name: 'CVE-1' } }, 'OpenVEX: Statement 1: its status is "maybe", not one of not_affected, affected, fixed, under_investigation.'],
    [{ status: 'fixed', vulnerability: {} }, 'OpenVEX: Statement 1: its vulnerability name is missing.'],
    [{ status: 'fixed', vulnerability: { name: 'CVE-1' }, products: ['pkg:npm/a@1'] }, 'OpenVEX: Statement 1: product 1 is not an object.'],
    [{ status: 'fixed', vulnerability: { name: 'CVE-1' }, status_notes: 'binlens: {"rationale":"ZZ"}' }, 'OpenVEX: Statement 1: binlens:rationale is "ZZ", not one of VP, FD, OT, CO, FP, PA, NA, WF, IG, MI.'],
  ])('refuses a damaged statement naming where: %j', (statement, message) => {
    const bytes = Buffer.from(JSON.stringify({ ...FOREIGN, statements: [statement] }));
    expect(() => readVexDocument(bytes)).toThrow(new AppError('vex_invalid', message));
  });
});
