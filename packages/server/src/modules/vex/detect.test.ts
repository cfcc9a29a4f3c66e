import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { detectVexDialect, MAX_VEX_BYTES, readVexDocument } from './detect.ts';

const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
const ACCEPTED = 'This is not a VEX document this server reads. Send CycloneDX JSON with vulnerabilities (1.4 to 1.6), OpenVEX JSON (0.2.0) or CSAF 2.0 JSON.';

describe('VEX dialect detection', () => {
  it.each([
    [{ bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [] }, 'cyclonedx'],
    [{ bomFormat: 'CycloneDX', specVersion: '1.4' }, 'cyclonedx'],
    [{ '@context': 'https://openvex.dev/ns/v0.2.0', statements: [] }, 'openvex'],
    [{ '@context': 'https://openvex.dev/ns', statements: [] }, 'openvex'],
    [{ document: { category: 'csaf_vex', csaf_version: '2.0' }, vulnerabilities: [] }, 'csaf'],
    [{ document: { category: 'csaf_vex', csaf_version: '2.1' } }, null],
    [{ spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT' }, null],
    [{ '@context': 'https://example.com/ns' }, null],
    [[{ bomFormat: 'CycloneDX' }], null],
    ['CycloneDX', null],
  ])('%j is %s', (document, dialect) => {
    expect(detectVexDialect(document)).toBe(dialect);
  });

  it('refuses what is not JSON, or JSON of no dialect, naming the dialects it reads', () => {
    for (const content of [Buffer.from('<bom xmlns="http://cyclonedx.org/schema/bom/1.6"/>'), bytes({ spdxVersion: 'SPDX-2.3' }), Buffer.alloc(0)]) {
      expect(() => readVexDocument(content)).toThrow(new AppError('vex_dialect_unknown'));
    }
    expect(new AppError('vex_dialect_unknown').toBody()).toEqual({ file: [ACCEPTED] });
  });

  it('reads a document with a byte order mark', () => {
    const document = readVexDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes({ bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [{ id: 'CVE-2024-1' }] })]));
    expect(document.dialect).toBe('cyclonedx');
    expect(document.statements.map((s) => s.vulnId)).toEqual(['CVE-2024-1']);
  });

  it('refuses a document without a statement, saying which dialect it read', () => {
    expect(() => readVexDocument(bytes({ bomFormat: 'CycloneDX', specVersion: '1.6', components: [] }))).toThrow(new AppError('vex_empty', 'CycloneDX: The document holds no VEX statement.'));
    expect(() => readVexDocument(bytes({ '@context': 'https://openvex.dev/ns/v0.2.0', statements: [] }))).toThrow(new AppError('vex_empty', 'OpenVEX: The document holds no VEX statement.'));
  });

  it('refuses a document larger than 20 MB before reading it', () => {
    expect(() => readVexDocument(Buffer.alloc(MAX_VEX_BYTES + 1, 0x20))).toThrow(new AppError('vex_file_too_large'));
  });
});
