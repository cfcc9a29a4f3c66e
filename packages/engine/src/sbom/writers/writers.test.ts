// Both writers over real fixture results: golden files (timestamps and UUIDs redacted;
// UPDATE_FIXTURES=1 rewrites them) and validation against the official schemas —
// CycloneDX 1.6 through the library's validator, SPDX 2.3 through ajv and the schema
// in ../schema/.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import Ajv2019 from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import type { Identification } from '../../model/index.ts';
import { listFixtures } from '../../../test/fixtures.ts';
import { SBOM_WRITERS } from '../registry.ts';
import type { SbomVulnerability } from '../vulnerabilities.ts';
import { writeCycloneDx } from './cyclonedx.ts';
import { writeSpdx } from './spdx.ts';

const update = process.env.UPDATE_FIXTURES === '1';
// Fixtures being added by others may not have their expected.json yet.
const FIXTURES = listFixtures().filter((f) => existsSync(f.expected));
const GOLDEN = ['identify/rootfs-debian', 'identify/signatures-debian-libs', 'identify/app-lockfiles', 'identify/rootfs-alpine'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z/g;

function identification(id: string): Identification {
  const fixture = FIXTURES.find((f) => f.id === id);
  if (!fixture) throw new Error(`no fixture ${id}`);
  const snapshot = JSON.parse(readFileSync(fixture.expected, 'utf8')) as Omit<Identification, 'startedAt' | 'finishedAt'>;
  return { ...snapshot, startedAt: '2024-01-01T00:00:00.000Z', finishedAt: '2024-01-01T00:00:01.000Z' };
}

function redact(text: string): string {
  return text.replace(UUID, '<uuid>').replace(TIME, '<time>');
}

const cdxValidator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
const spdxSchema = JSON.parse(readFileSync(new URL('../schema/spdx-2.3.schema.json', import.meta.url), 'utf8')) as object;
const validateSpdx = new Ajv2019.default({ strict: false, allErrors: true }).compile(spdxSchema);

describe('SBOM writers', () => {
  it('are registered by name, sorted', () => {
    expect(SBOM_WRITERS.map((w) => w.name)).toEqual(['cyclonedx', 'spdx']);
  });

  describe.each(GOLDEN)('%s', (id) => {
    it.each([
      ['cdx.json', writeCycloneDx],
      ['spdx.json', writeSpdx],
    ] as const)('matches golden/*.%s', (ext, write) => {
      const golden = new URL(`golden/${id.replace('/', '--')}.${ext}`, import.meta.url);
      const actual = redact(write(identification(id)));
      if (update) writeFileSync(golden, actual);
      expect(existsSync(golden), `${golden.pathname} missing: run with UPDATE_FIXTURES=1`).toBe(true);
      expect(actual).toBe(readFileSync(golden, 'utf8'));
    });
  });

  it.each(FIXTURES.map((f) => f.id))('CycloneDX of %s validates against the 1.6 schema', async (id) => {
    expect(await cdxValidator.validate(writeCycloneDx(identification(id)))).toBeNull();
  });

  it.each(FIXTURES.map((f) => f.id))('SPDX of %s validates against the 2.3 schema', (id) => {
    const doc = JSON.parse(writeSpdx(identification(id))) as { packages: { SPDXID: string }[]; relationships: { spdxElementId: string; relatedSpdxElement: string }[] };
    expect(validateSpdx(doc) ? [] : validateSpdx.errors).toEqual([]);
    // References resolve, ids are unique.
    const ids = doc.packages.map((p) => p.SPDXID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of doc.relationships) expect([...ids, 'SPDXRef-DOCUMENT']).toEqual(expect.arrayContaining([r.spdxElementId, r.relatedSpdxElement]));
  });

  it('carries vulnerabilities: CycloneDX vulnerabilities[] and SPDX advisory references, both valid', async () => {
    const input = identification('identify/signatures-debian-libs');
    const zlib = input.components.find((c) => c.name === 'zlib');
    if (!zlib) throw new Error('no zlib');
    // CVE-2023-45853 (zlib MiniZip integer overflow): NVD's own rating and CWE; EPSS as of 2024-06-01.
    const vulnerabilities: SbomVulnerability[] = [{
      id: 'CVE-2023-45853',
      aliases: [],
      description: 'MiniZip in zlib through 1.3 has an integer overflow and resultant heap-based buffer overflow in zipOpenNewFileInZip4_64',
      cwes: [190],
      ratings: [{ method: 'CVSSv31', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', score: 9.8, severity: 'critical', source: 'nvd@nist.gov' }],
      epss: { score: 0.0125, percentile: 0.85 },
      kev: null,
      affects: [{ ref: zlib.id, exact: true, range: '<= 1.3', source: 'nvd-cpe', fixed: null }],
    }];
    const cdxText = writeCycloneDx(input, { vulnerabilities });
    expect(await cdxValidator.validate(cdxText)).toBeNull();
    const [vuln] = JSON.parse(cdxText).vulnerabilities;
    expect([vuln.id, vuln.ratings[0].score, vuln.ratings[0].severity, vuln.cwes, vuln.affects]).toEqual([
      'CVE-2023-45853', 9.8, 'critical', [190], [{ ref: zlib.id, versions: [{ version: '1.2.13', status: 'affected' }] }],
    ]);
    expect(vuln.properties).toEqual([
      { name: 'binlens:epss:percentile', value: '0.85' },
      { name: 'binlens:epss:score', value: '0.0125' },
      { name: `binlens:match:${zlib.id}`, value: 'nvd-cpe <= 1.3' },
    ]);
    const spdx = JSON.parse(writeSpdx(input, { vulnerabilities }));
    expect(validateSpdx(spdx) ? [] : validateSpdx.errors).toEqual([]);
    const pkg = spdx.packages.find((p: { name: string }) => p.name === 'zlib');
    expect(pkg.externalRefs.filter((r: { referenceType: string }) => r.referenceType === 'advisory')).toEqual([{
      referenceCategory: 'SECURITY',
      referenceType: 'advisory',
      referenceLocator: 'https://nvd.nist.gov/vuln/detail/CVE-2023-45853',
      comment: 'CVE-2023-45853; CVSSv31 9.8 critical; EPSS 0.0125',
    }]);
  });

  it('leave vulnerabilities out when they were not evaluated, and say why: a CycloneDX property, the SPDX comment; both valid', async () => {
    const input = identification('identify/app-lockfiles');
    const reason = 'not evaluated: no vulnerability data';
    const cdxText = writeCycloneDx(input, { notEvaluated: reason });
    expect(await cdxValidator.validate(cdxText)).toBeNull();
    const cdx = JSON.parse(cdxText);
    expect(['vulnerabilities' in cdx, cdx.metadata.properties]).toEqual([false, [{ name: 'binlens:vulnerabilities', value: reason }]]);
    const spdx = JSON.parse(writeSpdx(input, { notEvaluated: reason }));
    expect(validateSpdx(spdx) ? [] : validateSpdx.errors).toEqual([]);
    expect(spdx.comment).toBe('binlens:vulnerabilities: not evaluated: no vulnerability data');
    // Evaluated with nothing found: no reason, and no empty list either.
    const clean = JSON.parse(writeCycloneDx(input, { vulnerabilities: [] }));
    expect(['vulnerabilities' in clean, clean.metadata.properties, 'comment' in JSON.parse(writeSpdx(input, { vulnerabilities: [] }))]).toEqual([false, undefined, false]);
    expect(() => writeSpdx(input, { notEvaluated: reason, vulnerabilities: [buildVulnerability(input.components[0]?.id ?? '')] })).toThrow(
      'SBOM options: vulnerabilities given but said not evaluated',
    );
  });

  it('puts evidence locations, identity and fixed ids in the documents', () => {
    const input = identification('identify/signatures-debian-libs');
    const options = { now: new Date('2024-05-06T07:08:09.123Z'), uuid: '00000000-0000-4000-8000-000000000000' };
    const cdx = JSON.parse(writeCycloneDx(input, options));
    expect([cdx.serialNumber, cdx.metadata.timestamp]).toEqual(['urn:uuid:00000000-0000-4000-8000-000000000000', '2024-05-06T07:08:09.123Z']);
    const zlib = cdx.components.find((c: { name: string }) => c.name === 'zlib');
    // Its version string (signature) and its soname, libz.so.1.
    expect(zlib.evidence.identity[0].methods).toEqual([{ technique: 'binary-analysis', confidence: 0.8 }, { technique: 'binary-analysis', confidence: 0.5 }]);
    expect(zlib.evidence.occurrences[0].location).toBe('libs.tar/usr/lib/libz.so.1.2.13');
    const spdx = JSON.parse(writeSpdx(input, options));
    expect([spdx.documentNamespace, spdx.creationInfo.created]).toEqual([
      'https://binlens.invalid/spdx/libs.tar.zst-00000000-0000-4000-8000-000000000000',
      '2024-05-06T07:08:09Z',
    ]);
  });

  it('show archives nesting: CycloneDX dependencies and SPDX CONTAINS from each archive to what it holds', async () => {
    const input = identification('identify/ear-nested-jars');
    const cdxText = writeCycloneDx(input);
    expect(await cdxValidator.validate(cdxText)).toBeNull();
    const cdx = JSON.parse(cdxText) as { components: { 'bom-ref': string; name: string }[]; dependencies: { ref: string; dependsOn?: string[] }[] };
    const cdxName = new Map(cdx.components.map((c) => [c['bom-ref'], c.name]));
    const held = cdx.dependencies.flatMap((d) => (d.dependsOn ?? []).map((r) => `${cdxName.get(d.ref)} > ${cdxName.get(r)}`)).sort();
    const expected = ['native-codec > zlib', 'store > javax.inject', 'store > native-codec', 'store > web', 'web > commons-cli'];
    expect(held).toEqual(expected);
    const spdx = JSON.parse(writeSpdx(input)) as { packages: { SPDXID: string; name: string }[]; relationships: { spdxElementId: string; relationshipType: string; relatedSpdxElement: string }[] };
    expect(validateSpdx(spdx) ? [] : validateSpdx.errors).toEqual([]);
    const spdxName = new Map(spdx.packages.map((p) => [p.SPDXID, p.name]));
    const contains = spdx.relationships.filter((r) => r.relationshipType === 'CONTAINS' && r.spdxElementId !== 'SPDXRef-Input');
    expect(contains.map((r) => `${spdxName.get(r.spdxElementId)} > ${spdxName.get(r.relatedSpdxElement)}`).sort()).toEqual(expected);
  });
});

function buildVulnerability(ref: string): SbomVulnerability {
  return { id: 'CVE-2021-23337', aliases: [], description: '', cwes: [], ratings: [], epss: null, kev: null, affects: [{ ref, exact: true, range: '< 4.17.21', source: 'osv', fixed: '4.17.21' }] };
}
