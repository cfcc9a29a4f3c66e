import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { readVexDocument } from './detect.ts';
import { readCycloneDx } from './read-cyclonedx.ts';

const OPENSSL = 'pkg:generic/openssl@3.0.11';
const BABEL = 'pkg:npm/%40babel/core@7.0.0';

/** A CycloneDX 1.5 VEX as other tools write it: components by their own bom-refs, a BOM-Link to another BOM, a purl as a ref. */
const FOREIGN = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { 'bom-ref': 'product', type: 'firmware', name: 'Router', version: '2.1' } },
  components: [
    {
      'bom-ref': 'comp-1', type: 'library', name: 'openssl', version: '3.0.11', purl: OPENSSL,
      components: [{ 'bom-ref': 'nested', type: 'library', name: 'zlib', version: '1.2.13' }],
    },
  ],
  vulnerabilities: [
    { id: 'CVE-2024-0001', analysis: { state: 'not_affected', justification: 'requires_configuration', detail: '  Needs the engine API.  ' }, affects: [{ ref: 'comp-1' }] },
    { id: 'CVE-2024-0002', analysis: { state: 'resolved', response: ['update'] }, affects: [{ ref: `urn:cdx:3e671687-395b-41f5-a30f-a58921a69b79/1#${encodeURIComponent(BABEL)}` }] },
    { id: 'CVE-2024-0003', analysis: { state: 'exploitable', response: ['will_not_fix'], detail: 'End of life.' }, affects: [{ ref: 'nested' }] },
    { id: 'CVE-2024-0004', analysis: { state: 'exploitable', response: ['workaround_available'] }, affects: [{ ref: 'pkg:npm/lodash@4.17.20' }] },
    { id: 'CVE-2024-0005', analysis: { state: 'false_positive' }, affects: [{ ref: 'elsewhere' }, { ref: 'product' }] },
    { id: 'CVE-2024-0006', analysis: { state: 'in_triage' }, affects: [] },
    { id: 'CVE-2024-0007', analysis: { state: 'not_affected', justification: 'protected_at_runtime' }, affects: [{ ref: 'comp-1' }] },
    { id: 'CVE-2024-0008', analysis: { state: 'not_affected' }, affects: [{ ref: 'comp-1' }] },
    { id: 'CVE-2024-0009', analysis: { state: 'resolved_with_pedigree' }, affects: [{ ref: 'comp-1' }] },
    { id: ' CVE-2024-0010 ', affects: [{ ref: 'comp-1' }], properties: [{ name: 'internal:ticket', value: 'SEC-1' }] },
  ],
};

describe('CycloneDX VEX reader', () => {
  it('reads each vulnerability with the components it affects, its rationale from the analysis and its detail', () => {
    const openssl = { purl: OPENSSL, name: null, version: '3.0.11', label: OPENSSL };
    expect(readCycloneDx(FOREIGN)).toEqual([
      { number: 1, vulnId: 'CVE-2024-0001', products: [openssl], rationale: 'FD', description: 'Needs the engine API.', binlens: null },
      { number: 2, vulnId: 'CVE-2024-0002', products: [{ purl: BABEL, name: null, version: '7.0.0', label: BABEL }], rationale: 'VP', description: '', binlens: null },
      { number: 3, vulnId: 'CVE-2024-0003', products: [{ purl: null, name: 'zlib', version: '1.2.13', label: 'zlib@1.2.13' }], rationale: 'WF', description: 'End of life.', binlens: null },
      { number: 4, vulnId: 'CVE-2024-0004', products: [{ purl: 'pkg:npm/lodash@4.17.20', name: null, version: '4.17.20', label: 'pkg:npm/lodash@4.17.20' }], rationale: 'CO', description: '', binlens: null },
      {
        number: 5, vulnId: 'CVE-2024-0005', rationale: 'FP', description: '', binlens: null,
        products: [{ purl: null, name: null, version: null, label: 'elsewhere' }, { purl: null, name: 'Router', version: '2.1', label: 'Router@2.1' }],
      },
      { number: 6, vulnId: 'CVE-2024-0006', products: [], rationale: 'CO', description: '', binlens: null },
      { number: 7, vulnId: 'CVE-2024-0007', products: [openssl], rationale: 'MI', description: '', binlens: null },
      { number: 8, vulnId: 'CVE-2024-0008', products: [openssl], rationale: 'OT', description: '', binlens: null },
      { number: 9, vulnId: 'CVE-2024-0009', products: [openssl], rationale: 'PA', description: '', binlens: null },
      { number: 10, vulnId: 'CVE-2024-0010', products: [openssl], rationale: 'CO', description: '', binlens: null },
    ]);
  });

  it('takes the rationale and facts of binlens properties over the analysis', () => {
    const [statement] = readCycloneDx({
      ...FOREIGN,
      vulnerabilities: [{
        id: 'CVE-2024-0001', analysis: { state: 'exploitable' }, affects: [{ ref: 'comp-1' }],
        properties: [{ name: 'binlens:rationale', value: 'IG' }, { name: 'binlens:scope', value: 'G' }, { name: 'binlens:group_scope', value: '4' }, { name: 'other', value: 'x' }],
      }],
    });
    expect(statement?.rationale).toBe('IG');
    expect(statement?.binlens).toEqual({ rationale: 'IG', scope: 'G', group_scope: 4 });
  });

  it.each([
    [{ vulnerabilities: [{ analysis: { state: 'not_affected' } }] }, 'CycloneDX: Vulnerability 1: its id is missing.'],
    [{ vulnerabilities: [{ id: 'CVE-1', analysis: { state: 'maybe' } }] }, 'CycloneDX: Vulnerability 1: analysis state "maybe" is not a CycloneDX state.'],
    [{ vulnerabilities: [{ id: 'CVE-1', affects: [{}] }] }, 'CycloneDX: Vulnerability 1: affects 1 has no ref.'],
    [{ vulnerabilities: [{ id: 'CVE-1', properties: [{ name: 'binlens:scope', value: 'X' }] }] }, 'CycloneDX: Vulnerability 1: binlens:scope is "X", not one of CA, G, R, FN, FH.'],
    [{ vulnerabilities: [{ id: 'CVE-1', properties: [{ name: 'binlens:group_scope', value: '0' }] }] }, 'CycloneDX: Vulnerability 1: binlens:group_scope is not an id: "0".'],
    [{ vulnerabilities: [{ id: 'x'.repeat(101) }] }, 'CycloneDX: Vulnerability 1: its id is longer than 100 characters or holds characters that cannot be stored.'],
    [{ vulnerabilities: {} }, 'CycloneDX: vulnerabilities is not a list.'],
  ])('refuses a damaged document naming where: %j', (content, message) => {
    const bytes = Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', ...content }));
    expect(() => readVexDocument(bytes)).toThrow(new AppError('vex_invalid', message));
    try {
      readVexDocument(bytes);
    } catch (error) {
      expect((error as AppError).toBody()).toEqual({ file: [message] });
    }
  });
});
