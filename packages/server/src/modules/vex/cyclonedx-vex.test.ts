import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { writeCycloneDxVex } from './cyclonedx-vex.ts';
import { readCycloneDx } from './read-cyclonedx.ts';
import { EXPORT, LODASH, OPENSSL } from './test-documents.ts';

// The official CycloneDX 1.6 JSON schema through the library the engine's SBOM writers use
// (a dependency of the engine, so it is resolved from there).
interface CdxValidator {
  validate(json: string): Promise<unknown>;
}
const cdx = createRequire(createRequire(import.meta.url).resolve('@binlens/engine'))('@cyclonedx/cyclonedx-library') as {
  Spec: { Version: { v1dot6: string } };
  Validation: { JsonStrictValidator: new (version: string) => CdxValidator };
};
const validator = new cdx.Validation.JsonStrictValidator(cdx.Spec.Version.v1dot6);

const props = (pairs: Record<string, string>) => Object.entries(pairs).map(([key, value]) => ({ name: `binlens:${key}`, value }));
const dates = { firstIssued: '2026-02-01T10:00:00.000Z', lastUpdated: '2026-02-02T11:00:00.000Z' };
const nvd = (id: string) => ({ name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` });

describe('CycloneDX VEX writer', () => {
  it('writes each triage as a vulnerability of the components it holds for, with its analysis, re-scoring and Binlens facts', () => {
    expect(JSON.parse(writeCycloneDxVex(EXPORT))).toEqual({
      $schema: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
      version: 1,
      metadata: {
        timestamp: '2026-03-04T05:06:07.000Z',
        tools: { components: [{ type: 'application', name: 'binlens' }] },
        authors: [{ email: 'alice@example.com' }],
        component: { type: 'application', 'bom-ref': 'binlens:subject', name: 'router.bin' },
      },
      components: [
        { type: 'library', 'bom-ref': OPENSSL.purl, name: 'openssl', version: '3.0.11-1~deb12u2', purl: OPENSSL.purl },
        { type: 'library', 'bom-ref': LODASH.purl, name: 'lodash', version: '4.17.20', purl: LODASH.purl },
      ],
      vulnerabilities: [
        {
          'bom-ref': 'binlens:triage:11',
          id: 'CVE-2021-23337',
          source: nvd('CVE-2021-23337'),
          analysis: { state: 'not_affected', justification: 'code_not_present', detail: 'template() is never called.', ...dates },
          affects: [{ ref: LODASH.purl }],
          properties: props({ rationale: 'NA', triage: '11', scope: 'R', scan_id: '7', result_scope: '7', component_name: 'lodash' }),
        },
        {
          'bom-ref': 'binlens:triage:12',
          id: 'CVE-2023-5678',
          source: nvd('CVE-2023-5678'),
          analysis: { state: 'resolved', response: ['update'], detail: 'Debian backported the fix.', ...dates },
          affects: [{ ref: OPENSSL.purl }],
          properties: props({ rationale: 'VP', triage: '12', scope: 'G', scan_id: '7', group_scope: '2', component_name: 'openssl', version_range: '>=3.0.11-1~deb12u1 <3.0.14' }),
        },
        {
          'bom-ref': 'binlens:triage:13',
          id: 'GHSA-35jh-r3h4-6jhm',
          source: { name: 'GitHub', url: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm' },
          ratings: [{
            source: { name: 'Binlens' }, score: 6.7, severity: 'medium', method: 'CVSSv31',
            vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L', justification: 'Mitigated (Binlens re-scoring)',
          }],
          analysis: { state: 'exploitable', detail: 'Only reachable from the console.', ...dates },
          affects: [{ ref: LODASH.purl }],
          properties: props({
            rationale: 'MI', triage: '13', scope: 'CA', scan_id: '7', component_name: 'lodash', adjusted_severity: 'medium',
            environmental_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L',
          }),
        },
        {
          'bom-ref': 'binlens:triage:14',
          id: 'CVE-2020-8203',
          source: nvd('CVE-2020-8203'),
          ratings: [{ source: { name: 'Binlens' }, severity: 'low', method: 'other', justification: "Won't fix (Binlens re-scoring)" }],
          analysis: { state: 'exploitable', ...dates },
          affects: [{ ref: LODASH.purl }],
          properties: props({ rationale: 'WF', triage: '14', scope: 'FN', scan_id: '7', application_name: 'router.bin', component_name: 'lodash', adjusted_severity: 'low' }),
        },
        {
          'bom-ref': 'binlens:triage:15',
          id: 'CVE-2021-23337',
          source: nvd('CVE-2021-23337'),
          analysis: { state: 'in_triage', detail: 'Asked the vendor.', ...dates },
          affects: [{ ref: LODASH.purl }],
          properties: props({ rationale: 'CO', triage: '15', scope: 'FH', scan_id: '7', triaged_obj: '0123456789abcdef0123456789abcdef01234567', component_name: 'lodash' }),
        },
      ],
    });
  });

  it('validates against the CycloneDX 1.6 JSON schema, with and without triages', async () => {
    expect(await validator.validate(writeCycloneDxVex(EXPORT))).toBeNull();
    expect(await validator.validate(writeCycloneDxVex({ ...EXPORT, entries: [] }))).toBeNull();
    // The validator does look: a state CycloneDX does not have is refused.
    expect(await validator.validate(writeCycloneDxVex(EXPORT).replace('"not_affected"', '"not_sure"'))).not.toBeNull();
  });

  it('lists each component once, and a component without a version without one', async () => {
    const unversioned = { purl: 'pkg:npm/lodash', name: 'lodash', version: '' };
    const [first] = EXPORT.entries;
    if (!first) throw new Error('no entry');
    const text = writeCycloneDxVex({ ...EXPORT, entries: [{ ...first, products: [LODASH, unversioned, LODASH] }] });
    const bom = JSON.parse(text) as { components: unknown[]; vulnerabilities: { affects: unknown[] }[] };
    expect(bom.components).toEqual([
      { type: 'library', 'bom-ref': 'pkg:npm/lodash', name: 'lodash', purl: 'pkg:npm/lodash' },
      { type: 'library', 'bom-ref': LODASH.purl, name: 'lodash', version: '4.17.20', purl: LODASH.purl },
    ]);
    expect(bom.vulnerabilities[0]?.affects).toEqual([{ ref: 'pkg:npm/lodash' }, { ref: LODASH.purl }]);
    expect(await validator.validate(text)).toBeNull();
  });

  it('reads back what it wrote: the same vulnerabilities, products, rationales, descriptions and facts', () => {
    const statements = readCycloneDx(JSON.parse(writeCycloneDxVex(EXPORT)) as Record<string, unknown>);
    expect(statements.map((s) => [s.number, s.vulnId, s.products.map((p) => p.purl), s.rationale, s.description])).toEqual([
      [1, 'CVE-2021-23337', [LODASH.purl], 'NA', 'template() is never called.'],
      [2, 'CVE-2023-5678', [OPENSSL.purl], 'VP', 'Debian backported the fix.'],
      [3, 'GHSA-35jh-r3h4-6jhm', [LODASH.purl], 'MI', 'Only reachable from the console.'],
      [4, 'CVE-2020-8203', [LODASH.purl], 'WF', ''],
      [5, 'CVE-2021-23337', [LODASH.purl], 'CO', 'Asked the vendor.'],
    ]);
    expect(statements[1]?.binlens).toEqual({
      rationale: 'VP', triage: 12, scope: 'G', scan_id: 7, group_scope: 2, component_name: 'openssl', version_range: '>=3.0.11-1~deb12u1 <3.0.14',
    });
    expect(statements[2]?.binlens).toEqual({
      rationale: 'MI', triage: 13, scope: 'CA', scan_id: 7, component_name: 'lodash', adjusted_severity: 'medium',
      environmental_vector: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H/MAV:L',
    });
  });
});
