import { IDENTIFICATION_SCHEMA_VERSION, type Identification } from '@binlens/engine/model';
import { describe, expect, it } from 'vitest';
import { BDIO_CONTEXT, bdioDocument, fileUri } from './bdio.ts';
import type { ProductComponent } from './products.schemas.ts';

const identification: Identification = {
  schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
  input: { name: 'my fw.bin', size: 10, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'firmware/trx' },
  files: [
    { path: ['rootfs.squashfs'], size: 8, sha1: 'c'.repeat(40), sha256: 'd'.repeat(64), format: 'filesystem/squashfs' },
    { path: ['rootfs.squashfs', 'usr/lib/libz.so.1'], size: 5, sha1: 'e'.repeat(40), sha256: 'f'.repeat(64), format: 'executable/elf' },
    { path: ['rootfs.squashfs', 'opt/app.zip'], size: 3, sha1: '1'.repeat(40), sha256: '2'.repeat(64), format: 'archive/zip' },
    { path: ['rootfs.squashfs', 'opt/app.zip', '/lib/a b.jar'], size: 1, sha1: '3'.repeat(40), sha256: '4'.repeat(64) },
  ],
  components: [],
  problems: [],
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
};
const files = new Map(identification.files.map((f) => [JSON.stringify(f.path), f]));

function component(lib: string, version: string, paths: string[][], vulns: string[], licenses: string[]): ProductComponent & { uid: string; purl: string } {
  return {
    uid: `${lib}-uid`, purl: `pkg:generic/${lib}@${version}`, lib, version, custom_version: null, vendor: lib === 'zlib' ? 'zlib' : null, codetype: 'Native', distro: null,
    distro_version: null, latest_version: null, 'latest-version': null, homepage: null, cpe: [], tags: [], objects: [],
    'extended-objects': paths.map((path) => ({
      name: '', sha1: '', confidence: 1, timestamp: null, 'binary-type': 'unknown', type: 'data', 'matching-method': 'signature', 'source-match': null,
      fullpath: [identification.input.name, ...path], 'extended-fullpath': [], 'exe-flags': [],
    })),
    'vuln-count': { total: vulns.length, exact: vulns.length, historical: 0 },
    vulns: vulns.map((cve) => ({
      vuln: {
        cve, summary: '', cwe: '', published: '2023-10-14T02:15:09.323', modified: null, 'published-epoch': null, 'modified-epoch': null,
        cvss: '0', cvss2_vector: '', cvss3_score: '0', cvss3_vector: '',
      },
      exact: true,
      triage: [],
    })),
    license: null,
    licenses: { licenses: licenses.map((name) => ({ name, type: 'permissive', url: '' })) },
  };
}

describe('fileUri', () => {
  it('names the input as a file URI and each container level by its format, encoding the level above again', () => {
    expect(fileUri([], identification, files)).toBe('file:///my%20fw.bin');
    expect(fileUri(['rootfs.squashfs'], identification, files)).toBe('trx:file%3A%2F%2F%2Fmy%2520fw.bin#/rootfs.squashfs');
    expect(fileUri(['rootfs.squashfs', 'usr/lib/libz.so.1'], identification, files))
      .toBe('squashfs:trx%3Afile%253A%252F%252F%252Fmy%252520fw.bin%23%2Frootfs.squashfs#/usr/lib/libz.so.1');
    expect(fileUri(['rootfs.squashfs', 'opt/app.zip', '/lib/a b.jar'], identification, files)).toMatch(/^zip:squashfs%3Atrx%253A.*#\/lib\/a%20b\.jar$/);
  });
});

describe('bdioDocument', () => {
  const document = bdioDocument({
    reportUrl: 'https://binlens.example.com/product/12',
    name: 'router.bin',
    created: new Date('2026-03-04T05:06:07.000Z'),
    publisherVersion: '0.1.0',
    identification,
    components: [
      component('zlib', '1.2.13', [['rootfs.squashfs', 'usr/lib/libz.so.1']], ['CVE-2023-45853'], ['Zlib']),
      component('minizip', '1.2.13', [['rootfs.squashfs', 'usr/lib/libz.so.1']], ['CVE-2023-45853'], ['Zlib']),
    ],
  });

  it('is a named graph with the terms the clients read and an inline context', () => {
    const { '@graph': graph, ...head } = document;
    expect(head).toEqual({
      '@context': BDIO_CONTEXT, '@id': 'https://binlens.example.com/product/12', name: 'router.bin', publisher: 'Binlens/0.1.0', publisherVersion: '0.1.0',
      creationDateTime: '2026-03-04T05:06:07.000Z',
    });
    expect(graph.map((node) => [node['@type'], node['@id']])).toEqual([
      ['Project', 'https://binlens.example.com/product/12'],
      ['Dependency', 'urn:binlens:component:zlib-uid#dependency'],
      ['Dependency', 'urn:binlens:component:minizip-uid#dependency'],
      ['Component', 'urn:binlens:component:zlib-uid'],
      ['Component', 'urn:binlens:component:minizip-uid'],
      ['File', 'squashfs:trx%3Afile%253A%252F%252F%252Fmy%252520fw.bin%23%2Frootfs.squashfs#/usr/lib/libz.so.1'],
      ['License', 'urn:binlens:license:Zlib'],
      ['Vulnerability', 'urn:binlens:vulnerability:CVE-2023-45853'],
    ]);
  });

  it('links the project to its dependencies, each to its component and evidence, and a vulnerability to every component it affects', () => {
    const byId = new Map(document['@graph'].map((node) => [node['@id'], node]));
    const file = 'squashfs:trx%3Afile%253A%252F%252F%252Fmy%252520fw.bin%23%2Frootfs.squashfs#/usr/lib/libz.so.1';
    expect(byId.get('https://binlens.example.com/product/12')?.dependency).toEqual(['urn:binlens:component:zlib-uid#dependency', 'urn:binlens:component:minizip-uid#dependency']);
    expect(byId.get('urn:binlens:component:zlib-uid#dependency')).toEqual({
      '@id': 'urn:binlens:component:zlib-uid#dependency', '@type': 'Dependency', dependsOn: 'urn:binlens:component:zlib-uid', evidence: [file],
    });
    expect(byId.get('urn:binlens:component:zlib-uid')).toEqual({
      '@id': 'urn:binlens:component:zlib-uid', '@type': 'Component', name: 'zlib', version: '1.2.13', vendor: 'zlib', namespace: 'generic',
      identifier: 'pkg:generic/zlib@1.2.13', license: ['urn:binlens:license:Zlib'],
    });
    expect(byId.get(file)).toEqual({ '@id': file, '@type': 'File', path: file, byteCount: 5, fingerprint: `sha1:${'e'.repeat(40)}` });
    expect(byId.get('urn:binlens:vulnerability:CVE-2023-45853')).toEqual({
      '@id': 'urn:binlens:vulnerability:CVE-2023-45853', '@type': 'Vulnerability', name: 'CVE-2023-45853', identifier: 'CVE-2023-45853', namespace: 'cve',
      creationDateTime: '2023-10-14T02:15:09.323Z', affected: ['urn:binlens:component:zlib-uid', 'urn:binlens:component:minizip-uid'],
    });
  });

  it('maps every term it uses to a BDIO IRI', () => {
    const used = new Set(document['@graph'].flatMap((node) => Object.keys(node)).filter((key) => !key.startsWith('@')));
    const context: Record<string, unknown> = BDIO_CONTEXT;
    expect([...used].filter((term) => context[term] === undefined)).toEqual([]);
    for (const term of used) {
      const entry = context[term];
      const iri = typeof entry === 'string' ? entry : (entry as { '@id': string })['@id'];
      expect([term, iri.startsWith('https://blackducksoftware.github.io/bdio#')]).toEqual([term, true]);
    }
  });
});
