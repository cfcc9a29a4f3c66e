// Every writer over real fixture results: golden files (timestamps and UUIDs redacted;
// UPDATE_FIXTURES=1 rewrites them) and validation against the official schemas —
// CycloneDX 1.6 JSON through the library's validator, CycloneDX 1.6 XML through libxml2's
// (WebAssembly) and the library's copy of the XSD, SPDX 2.3 through ajv and the schema in
// ../schema/. The XML and tag-value documents are read back and compared with the JSON ones:
// they must say the same.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import Ajv2019 from 'ajv/dist/2019.js';
import { XmlDocument, type XmlNode, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { describe, expect, it } from 'vitest';
import type { Identification } from '../../model/index.ts';
import { listFixtures } from '../../../test/fixtures.ts';
import { SBOM_WRITER_NAMES, findSbomWriter } from '../registry.ts';
import type { SbomVulnerability } from '../vulnerabilities.ts';
import { writeCycloneDx } from './cyclonedx.ts';
import { writeCycloneDxXml } from './cyclonedx-xml.ts';
import { writeSpdx } from './spdx.ts';
import { writeSpdxTagValue } from './spdx-tag-value.ts';

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

/** One time and id for documents that are compared with each other. */
const FIXED = { now: new Date('2024-05-06T07:08:09.123Z'), uuid: '00000000-0000-4000-8000-000000000000' };

const cdxValidator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
const spdxSchema = JSON.parse(readFileSync(new URL('../schema/spdx-2.3.schema.json', import.meta.url), 'utf8')) as object;
const validateSpdx = new Ajv2019.default({ strict: false, allErrors: true }).compile(spdxSchema);
// The XSD imports spdx.SNAPSHOT.xsd beside it: libxml2 reads it through node:fs.
xmlRegisterFsInputProviders();
const CDX_XSD = join(dirname(createRequire(import.meta.url).resolve('@cyclonedx/cyclonedx-library/package.json')), 'res/schema/bom-1.6.SNAPSHOT.xsd');
const cdxXsd = XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(CDX_XSD), { url: CDX_XSD }));

/** The XSD's complaints about an XML document; [] when it is valid. */
function xsdErrors(xml: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    cdxXsd.validate(doc);
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    doc.dispose();
  }
}

describe('SBOM writers', () => {
  it('are registered by name, sorted, each loading the writer of its name', async () => {
    const writers = await Promise.all(SBOM_WRITER_NAMES.map(async (name) => [name, await findSbomWriter(name)] as const));
    expect(writers.map(([name, w]) => [name, w?.name, w?.mediaType])).toEqual([
      ['cyclonedx', 'cyclonedx', 'application/vnd.cyclonedx+json; version=1.6'],
      ['cyclonedx-xml', 'cyclonedx-xml', 'application/vnd.cyclonedx+xml; version=1.6'],
      ['spdx', 'spdx', 'application/spdx+json'],
      ['spdx-tag-value', 'spdx-tag-value', 'text/spdx'],
    ]);
    expect(await findSbomWriter('cyclonedx-json')).toBeUndefined();
  });

  describe.each(GOLDEN)('%s', (id) => {
    it.each([
      ['cdx.json', writeCycloneDx],
      ['cdx.xml', writeCycloneDxXml],
      ['spdx.json', writeSpdx],
      ['spdx', writeSpdxTagValue],
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

  it.each(FIXTURES.map((f) => f.id))('CycloneDX XML of %s validates against the 1.6 XSD and says what the JSON says', (id) => {
    const input = identification(id);
    const xml = writeCycloneDxXml(input, FIXED);
    expect(xsdErrors(xml)).toEqual([]);
    // XML 1.0 has no NUL nor most C0 controls (identify/signature-nul-evidence holds them): U+FFFD there.
    expect(xmlCdxFacts(xml)).toEqual(xmlCharacters(jsonCdxFacts(writeCycloneDx(input, FIXED))));
  });

  it.each(FIXTURES.map((f) => f.id))('SPDX tag-value of %s reads back as the JSON document, its tags in the order of the specification', (id) => {
    const input = identification(id);
    const pairs = parseTagValue(writeSpdxTagValue(input, FIXED));
    expect(tagOrderErrors(pairs)).toEqual([]);
    expect(fromTagValue(pairs)).toEqual(JSON.parse(writeSpdx(input, FIXED)));
  });

  it('SPDX tag-value puts multi-line text in <text>, keeps one-line fields on one line, and lets no value start a tag or a text block', () => {
    const input = identification('identify/app-lockfiles');
    const [first, ...others] = input.components;
    if (!first) throw new Error('no component');
    const crafted: Identification = {
      ...input,
      components: [{ ...first, name: '<text>two\nPackageName: injected', licenses: ['Custom licence\nsee </text> COPYING'] }, ...others],
    };
    const text = writeSpdxTagValue(crafted, { ...FIXED, notEvaluated: 'not evaluated:\nno data' });
    const lines = text.split('\n');
    expect(lines).toContain('DocumentComment: <text>binlens:vulnerabilities: not evaluated:');
    expect(lines).toContain('no data</text>');
    expect(lines).toContain('PackageName: &lt;text>two PackageName: injected');
    expect(lines.filter((l) => l.startsWith('PackageName:'))).toHaveLength(input.components.length + 1);
    expect(text).toContain('ExtractedText: <text>Custom licence\nsee &lt;/text> COPYING</text>');
    const pairs = parseTagValue(text);
    expect(tagOrderErrors(pairs)).toEqual([]);
    const read = fromTagValue(pairs);
    const json = JSON.parse(writeSpdx(crafted, { ...FIXED, notEvaluated: 'not evaluated:\nno data' })) as { packages: { name: string }[]; hasExtractedLicensingInfos: { name: string; extractedText: string }[] };
    expect(read).toEqual({
      ...json,
      packages: json.packages.map((p) => (p.name === '<text>two\nPackageName: injected' ? { ...p, name: '&lt;text>two PackageName: injected' } : p)),
      hasExtractedLicensingInfos: json.hasExtractedLicensingInfos.map((l) => (l.name.startsWith('Custom') ? { ...l, extractedText: 'Custom licence\nsee &lt;/text> COPYING', name: 'Custom licence see &lt;/text> COPYING' } : l)),
    });
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
    const xml = writeCycloneDxXml(input, { ...FIXED, vulnerabilities });
    expect(xsdErrors(xml)).toEqual([]);
    expect(xmlCdxFacts(xml)).toEqual(jsonCdxFacts(writeCycloneDx(input, { ...FIXED, vulnerabilities })));
    expect(xmlCdxFacts(xml).vulnerabilities.map((v) => [v.id, v.affects])).toEqual([['CVE-2023-45853', [{ ref: zlib.id, versions: [{ version: '1.2.13', status: 'affected' }] }]]]);
    const spdx = JSON.parse(writeSpdx(input, { vulnerabilities }));
    expect(validateSpdx(spdx) ? [] : validateSpdx.errors).toEqual([]);
    const pkg = spdx.packages.find((p: { name: string }) => p.name === 'zlib');
    expect(pkg.externalRefs.filter((r: { referenceType: string }) => r.referenceType === 'advisory')).toEqual([{
      referenceCategory: 'SECURITY',
      referenceType: 'advisory',
      referenceLocator: 'https://nvd.nist.gov/vuln/detail/CVE-2023-45853',
      comment: 'CVE-2023-45853; CVSSv31 9.8 critical; EPSS 0.0125',
    }]);
    const tagValue = writeSpdxTagValue(input, { ...FIXED, vulnerabilities });
    expect(fromTagValue(parseTagValue(tagValue))).toEqual(JSON.parse(writeSpdx(input, { ...FIXED, vulnerabilities })));
    expect(tagValue).toContain([
      'ExternalRef: SECURITY advisory https://nvd.nist.gov/vuln/detail/CVE-2023-45853',
      'ExternalRefComment: CVE-2023-45853; CVSSv31 9.8 critical; EPSS 0.0125',
      'PrimaryPackagePurpose: LIBRARY',
    ].join('\n'));
  });

  it('leave vulnerabilities out when they were not evaluated, and say why: a CycloneDX property, the SPDX comment; both valid', async () => {
    const input = identification('identify/app-lockfiles');
    const reason = 'not evaluated: no vulnerability data';
    const cdxText = writeCycloneDx(input, { notEvaluated: reason });
    expect(await cdxValidator.validate(cdxText)).toBeNull();
    const cdx = JSON.parse(cdxText);
    expect(['vulnerabilities' in cdx, cdx.metadata.properties]).toEqual([false, [{ name: 'binlens:vulnerabilities', value: reason }]]);
    const xml = writeCycloneDxXml(input, { notEvaluated: reason });
    expect(xsdErrors(xml)).toEqual([]);
    expect([xml.includes('<vulnerabilities'), xmlCdxFacts(xml).metadataProperties]).toEqual([false, [{ name: 'binlens:vulnerabilities', value: reason }]]);
    const spdx = JSON.parse(writeSpdx(input, { notEvaluated: reason }));
    expect(validateSpdx(spdx) ? [] : validateSpdx.errors).toEqual([]);
    expect(spdx.comment).toBe('binlens:vulnerabilities: not evaluated: no vulnerability data');
    expect(writeSpdxTagValue(input, { notEvaluated: reason }).split('\n')).toContain('DocumentComment: binlens:vulnerabilities: not evaluated: no vulnerability data');
    // Evaluated with nothing found: no reason, and no empty list either.
    const clean = JSON.parse(writeCycloneDx(input, { vulnerabilities: [] }));
    expect(['vulnerabilities' in clean, clean.metadata.properties, 'comment' in JSON.parse(writeSpdx(input, { vulnerabilities: [] }))]).toEqual([false, undefined, false]);
    expect([xmlCdxFacts(writeCycloneDxXml(input, { vulnerabilities: [] })).metadataProperties, writeSpdxTagValue(input, { vulnerabilities: [] }).includes('DocumentComment')]).toEqual([[], false]);
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
    const xml = xmlCdxFacts(writeCycloneDxXml(input, options));
    expect([xml.serialNumber, xml.timestamp, xml.components.find((c) => c.name === 'zlib')?.evidence]).toEqual([cdx.serialNumber, cdx.metadata.timestamp, zlib.evidence]);
    const spdx = JSON.parse(writeSpdx(input, options));
    expect([spdx.documentNamespace, spdx.creationInfo.created]).toEqual([
      'https://binlens.invalid/spdx/libs.tar.zst-00000000-0000-4000-8000-000000000000',
      '2024-05-06T07:08:09Z',
    ]);
    const tagValue = fromTagValue(parseTagValue(writeSpdxTagValue(input, options)));
    expect([tagValue.documentNamespace, tagValue.creationInfo]).toEqual([spdx.documentNamespace, spdx.creationInfo]);
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
    // The XML and tag-value documents hold the same: compared in full per fixture above.
    const xml = xmlCdxFacts(writeCycloneDxXml(input));
    expect(xml.dependencies.flatMap((d) => d.dependsOn.map((r) => `${cdxName.get(d.ref)} > ${cdxName.get(r)}`)).sort()).toEqual(expected);
    const tagValue = writeSpdxTagValue(input).split('\n').filter((l) => l.startsWith('Relationship: ') && !l.startsWith('Relationship: SPDXRef-Input ') && l.includes(' CONTAINS '));
    expect(tagValue.map((l) => l.split(' ').slice(1).map((ref) => spdxName.get(ref) ?? ref).join(' ').replace(' CONTAINS ', ' > ')).sort()).toEqual(expected);
  });
});

function buildVulnerability(ref: string): SbomVulnerability {
  return { id: 'CVE-2021-23337', aliases: [], description: '', cwes: [], ratings: [], epss: null, kev: null, affects: [{ ref, exact: true, range: '< 4.17.21', source: 'osv', fixed: '4.17.21' }] };
}

// --- CycloneDX: what a JSON and an XML document say, in one shape ---

interface NameValue { name: string; value: string }

interface CdxFacts {
  serialNumber: string;
  timestamp: string;
  tools: string[];
  input: { ref: string; name: string; hashes: string[] };
  metadataProperties: NameValue[];
  components: {
    ref: string; type: string; name: string; version?: string; publisher?: string; cpe?: string; purl?: string;
    hashes: string[]; licenses: string[]; properties: NameValue[]; evidence?: unknown;
  }[];
  dependencies: { ref: string; dependsOn: string[] }[];
  vulnerabilities: {
    ref: string; id: string; source: { name?: string; url?: string }; description?: string;
    references: { id: string; source: { name?: string; url?: string } }[];
    ratings: { method?: string; score?: number; severity?: string; vector?: string; source?: string }[];
    cwes: number[]; affects: { ref: string; versions: { version: string; status: string }[] }[]; properties: NameValue[];
  }[];
}

interface CdxJsonComponent {
  'bom-ref': string; type: string; name: string; version?: string; publisher?: string; cpe?: string; purl?: string;
  hashes?: { alg: string; content: string }[]; licenses?: { license?: { id?: string; name?: string }; expression?: string }[];
  properties?: NameValue[]; evidence?: unknown;
}

interface CdxJsonDocument {
  serialNumber: string;
  metadata: { timestamp: string; tools: { components: { name: string; version: string }[] }; component: CdxJsonComponent; properties?: NameValue[] };
  components?: CdxJsonComponent[];
  dependencies?: { ref: string; dependsOn?: string[] }[];
  vulnerabilities?: {
    'bom-ref': string; id: string; source: { name?: string; url?: string }; description?: string;
    references?: { id: string; source: { name?: string; url?: string } }[];
    ratings?: { method?: string; score?: number; severity?: string; vector?: string; source?: { name?: string } }[];
    cwes?: number[]; affects?: { ref: string; versions?: { version: string; status: string }[] }[]; properties?: NameValue[];
  }[];
}

function jsonCdxFacts(text: string): CdxFacts {
  const bom = JSON.parse(text) as CdxJsonDocument;
  const hashes = (c: CdxJsonComponent) => (c.hashes ?? []).map((h) => `${h.alg} ${h.content}`);
  return {
    serialNumber: bom.serialNumber,
    timestamp: bom.metadata.timestamp,
    tools: bom.metadata.tools.components.map((t) => `${t.name} ${t.version}`),
    input: { ref: bom.metadata.component['bom-ref'], name: bom.metadata.component.name, hashes: hashes(bom.metadata.component) },
    metadataProperties: bom.metadata.properties ?? [],
    components: (bom.components ?? []).map((c) => ({
      ref: c['bom-ref'], type: c.type, name: c.name, version: c.version, publisher: c.publisher, cpe: c.cpe, purl: c.purl,
      hashes: hashes(c),
      licenses: (c.licenses ?? []).map((l) => l.expression ?? l.license?.id ?? l.license?.name ?? ''),
      properties: c.properties ?? [],
      evidence: c.evidence,
    })),
    dependencies: (bom.dependencies ?? []).map((d) => ({ ref: d.ref, dependsOn: d.dependsOn ?? [] })),
    vulnerabilities: (bom.vulnerabilities ?? []).map((v) => ({
      ref: v['bom-ref'], id: v.id, source: v.source, description: v.description,
      references: v.references ?? [],
      ratings: (v.ratings ?? []).map((r) => ({ method: r.method, score: r.score, severity: r.severity, vector: r.vector, source: r.source?.name })),
      cwes: v.cwes ?? [],
      affects: (v.affects ?? []).map((a) => ({ ref: a.ref, versions: a.versions ?? [] })),
      properties: v.properties ?? [],
    })),
  };
}

/** Every string in `value` as XML 1.0 can hold it: characters outside its `Char` production as U+FFFD. */
function xmlCharacters<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' ? v.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD') : v)) as T;
}

const CDX_NS = { c: 'http://cyclonedx.org/schema/bom/1.6' };

function xmlCdxFacts(xml: string): CdxFacts {
  const doc = XmlDocument.fromString(xml);
  try {
    const all = (node: XmlNode, path: string) => node.find(path, CDX_NS);
    const text = (node: XmlNode, path: string) => node.get(path, CDX_NS)?.content;
    const need = (node: XmlNode, path: string) => text(node, path) ?? '';
    const number = (node: XmlNode, path: string) => (text(node, path) === undefined ? undefined : Number(text(node, path)));
    const properties = (node: XmlNode) => all(node, 'c:properties/c:property').map((p) => ({ name: need(p, '@name'), value: p.content }));
    const hashes = (node: XmlNode) => all(node, 'c:hashes/c:hash').map((h) => `${need(h, '@alg')} ${h.content}`);
    const source = (node: XmlNode) => ({ name: text(node, 'c:source/c:name'), url: text(node, 'c:source/c:url') });
    const root = doc.root;
    const metadata = root.get('c:metadata', CDX_NS);
    const input = metadata?.get('c:component', CDX_NS);
    if (!metadata || !input) throw new Error('no metadata component');
    return {
      serialNumber: need(root, '@serialNumber'),
      timestamp: need(metadata, 'c:timestamp'),
      tools: all(metadata, 'c:tools/c:components/c:component').map((t) => `${need(t, 'c:name')} ${need(t, 'c:version')}`),
      input: { ref: need(input, '@bom-ref'), name: need(input, 'c:name'), hashes: hashes(input) },
      metadataProperties: properties(metadata),
      components: all(root, 'c:components/c:component').map((c) => {
        const evidence = c.get('c:evidence', CDX_NS);
        return {
          ref: need(c, '@bom-ref'), type: need(c, '@type'), name: need(c, 'c:name'), version: text(c, 'c:version'), publisher: text(c, 'c:publisher'),
          cpe: text(c, 'c:cpe'), purl: text(c, 'c:purl'),
          hashes: hashes(c),
          licenses: all(c, 'c:licenses/c:license/c:id | c:licenses/c:license/c:name | c:licenses/c:expression').map((l) => l.content),
          properties: properties(c),
          evidence: evidence && {
            identity: all(evidence, 'c:identity').map((i) => ({
              field: need(i, 'c:field'), confidence: number(i, 'c:confidence'), concludedValue: text(i, 'c:concludedValue'),
              methods: all(i, 'c:methods/c:method').map((m) => ({ technique: need(m, 'c:technique'), confidence: number(m, 'c:confidence') })),
            })),
            occurrences: all(evidence, 'c:occurrences/c:occurrence').map((o) => ({
              location: need(o, 'c:location'), offset: number(o, 'c:offset'), additionalContext: text(o, 'c:additionalContext'),
            })),
          },
        };
      }),
      dependencies: all(root, 'c:dependencies/c:dependency').map((d) => ({ ref: need(d, '@ref'), dependsOn: all(d, 'c:dependency').map((r) => need(r, '@ref')) })),
      vulnerabilities: all(root, 'c:vulnerabilities/c:vulnerability').map((v) => ({
        ref: need(v, '@bom-ref'), id: need(v, 'c:id'), source: source(v), description: text(v, 'c:description'),
        references: all(v, 'c:references/c:reference').map((r) => ({ id: need(r, 'c:id'), source: source(r) })),
        ratings: all(v, 'c:ratings/c:rating').map((r) => ({
          method: text(r, 'c:method'), score: number(r, 'c:score'), severity: text(r, 'c:severity'), vector: text(r, 'c:vector'), source: text(r, 'c:source/c:name'),
        })),
        cwes: all(v, 'c:cwes/c:cwe').map((w) => Number(w.content)),
        affects: all(v, 'c:affects/c:target').map((a) => ({
          ref: need(a, 'c:ref'),
          versions: all(a, 'c:versions/c:version').map((x) => ({ version: need(x, 'c:version'), status: need(x, 'c:status') })),
        })),
        properties: properties(v),
      })),
    };
  } finally {
    doc.dispose();
  }
}

// --- SPDX tag-value, read as the specification (clause 5 and each field's "Tag:") defines it ---

/**
 * `Tag: value` pairs: a value that opens with `<text>` runs to the next `</text>`, over lines;
 * blank lines and `#` comment lines between tags are skipped. Anything else fails.
 */
function parseTagValue(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new Error('no newline at the end');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z]+): (.*)$/.exec(line);
    if (!match) throw new Error(`line ${i + 1} is no Tag: value: ${JSON.stringify(line)}`);
    const [, tag = '', first = ''] = match;
    let value = first;
    if (value.startsWith('<text>')) {
      value = value.slice('<text>'.length);
      const start = i;
      while (!value.includes('</text>')) {
        i++;
        if (i >= lines.length) throw new Error(`<text> of line ${start + 1} never ends`);
        value += `\n${lines[i] ?? ''}`;
      }
      const end = value.indexOf('</text>');
      if (value.slice(end + '</text>'.length) !== '') throw new Error(`text after </text> on line ${i + 1}`);
      value = value.slice(0, end);
    } else if (value.includes('<text>') || value.includes('</text>')) throw new Error(`a text marker inside line ${i + 1}`);
    pairs.push([tag, value]);
  }
  return pairs;
}

const DOCUMENT_TAGS = ['SPDXVersion', 'DataLicense', 'SPDXID', 'DocumentName', 'DocumentNamespace', 'DocumentComment', 'Creator', 'Created'];
// Clause 7's order; ExternalRefComment follows its ExternalRef.
const PACKAGE_TAGS = [
  'PackageName', 'SPDXID', 'PackageVersion', 'PackageSupplier', 'PackageDownloadLocation', 'FilesAnalyzed', 'PackageChecksum', 'PackageSourceInfo',
  'PackageLicenseConcluded', 'PackageLicenseDeclared', 'PackageCopyrightText', 'ExternalRef', 'PrimaryPackagePurpose',
];
const LICENSE_TAGS = ['LicenseID', 'ExtractedText', 'LicenseName'];
const REQUIRED: Record<string, string[]> = {
  document: ['SPDXVersion', 'DataLicense', 'SPDXID', 'DocumentName', 'DocumentNamespace', 'Creator', 'Created'],
  package: ['PackageName', 'SPDXID', 'PackageDownloadLocation'],
  license: ['LicenseID', 'ExtractedText'],
};

/** Tags out of place: each section's tags in order (once each but checksums, references, creators), required ones present. */
function tagOrderErrors(pairs: readonly (readonly [string, string])[]): string[] {
  const errors: string[] = [];
  const sections: { kind: 'document' | 'package' | 'license' | 'relationships'; tags: string[] }[] = [{ kind: 'document', tags: [] }];
  for (const [tag] of pairs) {
    const open = tag === 'PackageName' ? 'package' : tag === 'LicenseID' ? 'license' : tag === 'Relationship' ? 'relationships' : null;
    const current = sections.at(-1);
    if (open && (open !== 'relationships' || current?.kind !== 'relationships')) sections.push({ kind: open, tags: [] });
    sections.at(-1)?.tags.push(tag);
  }
  const repeatable = new Set(['PackageChecksum', 'ExternalRef', 'Creator', 'Relationship']);
  const order: Record<string, string[]> = { document: DOCUMENT_TAGS, package: PACKAGE_TAGS, license: LICENSE_TAGS, relationships: ['Relationship'] };
  let last = '';
  sections.forEach(({ kind, tags }, n) => {
    if (kind === 'document' && n !== 0) errors.push('document tags after a package');
    if (kind !== 'relationships' && last === 'relationships') errors.push(`${kind} after the relationships`);
    last = kind;
    const known = order[kind] ?? [];
    let at = 0;
    tags.forEach((tag, i) => {
      if (tag === 'ExternalRefComment') {
        if (tags[i - 1] !== 'ExternalRef') errors.push(`${kind} ${n}: ExternalRefComment not after an ExternalRef`);
        return;
      }
      const index = known.indexOf(tag);
      if (index < 0) errors.push(`${kind} ${n}: ${tag} has no place there`);
      else if (index < at || (index === at && i > 0 && !repeatable.has(tag))) errors.push(`${kind} ${n}: ${tag} out of order`);
      else at = index;
    });
    for (const tag of REQUIRED[kind] ?? []) if (!tags.includes(tag)) errors.push(`${kind} ${n}: no ${tag}`);
  });
  return errors;
}

interface ReadPackage { [field: string]: unknown; externalRefs?: { referenceCategory: string; referenceType: string; referenceLocator: string; comment?: string }[] }

/** The JSON document a tag-value reader builds from the pairs (the SPDX 2.3 JSON field names). */
function fromTagValue(pairs: readonly (readonly [string, string])[]) {
  const doc = {
    spdxVersion: '', dataLicense: '', SPDXID: '', name: '', documentNamespace: '', comment: undefined as string | undefined,
    creationInfo: { created: '', creators: [] as string[] },
    packages: [] as ReadPackage[],
    relationships: [] as { spdxElementId: string; relationshipType: string; relatedSpdxElement: string }[],
    hasExtractedLicensingInfos: undefined as { licenseId: string; extractedText?: string; name?: string }[] | undefined,
  };
  const PACKAGE_FIELDS: Record<string, string> = {
    PackageVersion: 'versionInfo', PackageSupplier: 'supplier', PackageDownloadLocation: 'downloadLocation', PackageSourceInfo: 'sourceInfo',
    PackageLicenseConcluded: 'licenseConcluded', PackageLicenseDeclared: 'licenseDeclared', PackageCopyrightText: 'copyrightText', PrimaryPackagePurpose: 'primaryPackagePurpose',
  };
  let pkg: ReadPackage | undefined;
  for (const [tag, value] of pairs) {
    const license = doc.hasExtractedLicensingInfos?.at(-1);
    if (tag === 'PackageName') {
      pkg = { name: value };
      doc.packages.push(pkg);
    } else if (tag === 'LicenseID') {
      pkg = undefined;
      doc.hasExtractedLicensingInfos = [...(doc.hasExtractedLicensingInfos ?? []), { licenseId: value }];
    } else if (tag === 'SPDXID' && pkg) pkg.SPDXID = value;
    else if (pkg && PACKAGE_FIELDS[tag]) pkg[PACKAGE_FIELDS[tag]] = value;
    else if (pkg && tag === 'FilesAnalyzed') pkg.filesAnalyzed = value === 'true';
    else if (pkg && tag === 'PackageChecksum') {
      const [algorithm = '', checksumValue = ''] = value.split(': ');
      pkg.checksums = [...((pkg.checksums as unknown[] | undefined) ?? []), { algorithm, checksumValue }];
    } else if (pkg && tag === 'ExternalRef') {
      const [referenceCategory = '', referenceType = '', referenceLocator = '', ...rest] = value.split(' ');
      if (rest.length > 0) throw new Error(`ExternalRef with more than three words: ${value}`);
      pkg.externalRefs = [...(pkg.externalRefs ?? []), { referenceCategory, referenceType, referenceLocator }];
    } else if (pkg && tag === 'ExternalRefComment') {
      const ref = pkg.externalRefs?.at(-1);
      if (ref) ref.comment = value;
    } else if (license && tag === 'ExtractedText') license.extractedText = value;
    else if (license && tag === 'LicenseName') license.name = value;
    else if (tag === 'Relationship') {
      const [spdxElementId = '', relationshipType = '', relatedSpdxElement = '', ...rest] = value.split(' ');
      if (rest.length > 0) throw new Error(`Relationship with more than three words: ${value}`);
      doc.relationships.push({ spdxElementId, relationshipType, relatedSpdxElement });
    } else if (tag === 'SPDXVersion') doc.spdxVersion = value;
    else if (tag === 'DataLicense') doc.dataLicense = value;
    else if (tag === 'SPDXID') doc.SPDXID = value;
    else if (tag === 'DocumentName') doc.name = value;
    else if (tag === 'DocumentNamespace') doc.documentNamespace = value;
    else if (tag === 'DocumentComment') doc.comment = value;
    else if (tag === 'Creator') doc.creationInfo.creators.push(value);
    else if (tag === 'Created') doc.creationInfo.created = value;
    else throw new Error(`${tag} read nowhere`);
  }
  return doc;
}
