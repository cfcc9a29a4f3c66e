// Alpine secdb: import (JSON and YAML), per-file replacement, and matching of apk packages
// with the apk version scheme, the secdb verdict winning over NVD's range.
import { readFile } from 'node:fs/promises';
import type { Component, Identification } from '@binlens/engine/model';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnDistroFixes } from '../src/db/schema.ts';
import { evaluate } from '../src/evaluate.ts';
import { alpineFeed } from '../src/import/feeds/alpine.ts';
import { importFeed } from '../src/import/import-file.ts';
import { detectFeed } from '../src/import/registry.ts';
import { createKnowledgeBase } from '../src/kb/knowledge-base.ts';
import { textMutations } from './fuzz.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

function apk(id: string, name: string, version: string, release: string, fields: Partial<Component> = {}): Component {
  return {
    id, name, version, codetype: 'DP', vendor: 'alpine', cpes: [], licenses: [], evidence: [],
    distro: { name: 'alpine', release },
    purl: `pkg:apk/alpine/${name}@${version}?arch=x86_64&distro=alpine-${release}`,
    ...fields,
  };
}

function identification(components: Component[]): Identification {
  return {
    schemaVersion: 1, input: { name: 'rootfs.tar', size: 1, sha1: '', sha256: '' }, files: [], components, problems: [],
    startedAt: '2024-08-01T00:00:00Z', finishedAt: '2024-08-01T00:00:01Z',
  };
}

describe.each(DATABASES)('Alpine secdb on %s', (kind) => {
  let t: TestKb;
  beforeAll(async () => {
    t = await openTestKb(kind);
  });
  afterAll(() => t.dispose());

  const fixes = async (release: string) => (await t.db.select().from(vulnDistroFixes)
    .where(and(eq(vulnDistroFixes.live, true), eq(vulnDistroFixes.release, release))))
    .map((r) => [r.sourcePackage, r.vulnId, r.status, r.fixedVersion, r.recordKey])
    .sort((a, b) => String(a).localeCompare(String(b)));

  it('detects the JSON and the YAML secdb by content', async () => {
    expect([
      (await detectFeed(fixture('alpine-secdb-v3.19-main.json')))?.kind,
      (await detectFeed(fixture('alpine-secdb-v3.11-main.yaml')))?.kind,
    ]).toEqual(['alpine', 'alpine']);
  });

  it('imports the JSON secdb, "0" meaning never affected and a bad fixed version skipped with its ids', async () => {
    const report = await importFeed(t.db, fixture('alpine-secdb-v3.19-main.json'));
    expect(report).toMatchObject({ source: 'alpine', status: 'complete', records: 3, imported: 2, skipped: 1 });
    expect(report.skips).toEqual([{ id: 'v3.19/broken@not a version', reason: 'malformed fixed version "not a version"' }]);
    expect(await fixes('v3.19')).toEqual([
      ['gcc', 'CVE-2023-4039', 'resolved', '13.2.1_git20231014-r0', 'alpine:v3.19/main'],
      ['zlib', 'CVE-2018-25032', 'resolved', '1.2.12-r0', 'alpine:v3.19/main'],
      ['zlib', 'CVE-2022-37434', 'resolved', '1.2.12-r2', 'alpine:v3.19/main'],
      ['zlib', 'CVE-2023-45853', 'resolved', '0', 'alpine:v3.19/main'],
    ]);
  });

  it('imports the YAML secdb beside it, keeping the other release', async () => {
    const report = await importFeed(t.db, fixture('alpine-secdb-v3.11-main.yaml'));
    // xen's real "4.10-1-r1" is not an apk version: that entry goes, xen's other fixes stay.
    expect(report).toMatchObject({ source: 'alpine', status: 'complete', records: 4, imported: 3, skipped: 1 });
    expect(report.skips).toEqual([{ id: 'v3.11/xen@4.10-1-r1', reason: 'malformed fixed version "4.10-1-r1"' }]);
    expect((await fixes('v3.11')).map((r) => r.slice(0, 4))).toEqual([
      ['musl', 'CVE-2016-8859', 'resolved', '1.1.15-r4'],
      ['musl', 'CVE-2019-14697', 'resolved', '1.1.23-r2'],
      ['openssl', 'CVE-2019-1543', 'resolved', '1.1.1b-r1'],
      ['openssl', 'CVE-2019-1547', 'resolved', '1.1.1d-r1'],
      ['openssl', 'CVE-2019-1549', 'resolved', '1.1.1d-r1'],
      ['openssl', 'CVE-2019-1551', 'resolved', '1.1.1d-r3'],
      ['openssl', 'CVE-2019-1563', 'resolved', '1.1.1d-r1'],
      ['xen', 'CVE-2017-8903', 'resolved', '4.8.1-r2'],
      ['xen', 'XSA-213', 'resolved', '4.8.1-r2'],
    ]);
    expect((await fixes('v3.19')).length).toBe(4);
    // Importing the same file again replaces its own rows only.
    await importFeed(t.db, fixture('alpine-secdb-v3.11-main.yaml'));
    expect([(await fixes('v3.11')).length, (await fixes('v3.19')).length]).toEqual([9, 4]);
  });

  it('matches apk packages by origin with the apk scheme; the secdb verdict wins over NVD', async () => {
    await importFeed(t.db, fixture('nvd-cve-2023-45853.json'));
    const zlibCpe = (v: string): string[] => [`cpe:2.3:a:zlib:zlib:${v}:*:*:*:*:*:*:*`];
    const components = [
      // NVD: zlib through 1.3 is affected; Alpine: never affected ("0").
      apk('zlib-1.3-r2', 'zlib', '1.3-r2', '3.19.0', { cpes: zlibCpe('1.3') }),
      // The same CPE outside a distro: NVD's range stands.
      apk('zlib-1.3-generic', 'zlib', '1.3', '', { purl: 'pkg:generic/zlib@1.3', distro: undefined, cpes: zlibCpe('1.3') }) as Component,
      apk('zlib-1.2.12-r1', 'zlib', '1.2.12-r1', '3.19.0', { cpes: zlibCpe('1.2.12') }),
      apk('libcrypto1.1-1.1.1d-r2', 'libcrypto1.1', '1.1.1d-r2', '3.11.3', { purl: 'pkg:apk/alpine/libcrypto1.1@1.1.1d-r2?arch=x86_64&distro=alpine-3.11.3&upstream=openssl' }),
      apk('libcrypto1.1-1.1.1d-r3', 'libcrypto1.1', '1.1.1d-r3', '3.11.3', { purl: 'pkg:apk/alpine/libcrypto1.1@1.1.1d-r3?arch=x86_64&distro=alpine-3.11.3&upstream=openssl' }),
      // The purl's distro qualifier is enough when the component has no distro field.
      { ...apk('musl-1.1.23-r1', 'musl', '1.1.23-r1', '3.11.3'), distro: undefined } as Component,
    ];
    const result = await evaluate(identification(components), createKnowledgeBase(t.db));
    const got = Object.fromEntries(Object.entries(result.components).map(([uid, vulns]) => [
      uid, vulns.map((v) => `${v.vuln_id} ${v.matched_by.map((m) => `${m.source}:${m.record}:${m.range}`).join('+')}`),
    ]));
    expect(got).toEqual({
      'zlib-1.3-r2': [],
      'zlib-1.3-generic': ['CVE-2023-45853 nvd-cpe:CVE-2023-45853:<= 1.3'],
      'zlib-1.2.12-r1': [
        'CVE-2022-37434 distro:alpine:v3.19/zlib:fixed in 1.2.12-r2',
      ],
      'libcrypto1.1-1.1.1d-r2': [
        'CVE-2019-1551 distro:alpine:v3.11/openssl:fixed in 1.1.1d-r3',
      ],
      'libcrypto1.1-1.1.1d-r3': [],
      'musl-1.1.23-r1': ['CVE-2019-14697 distro:alpine:v3.11/musl:fixed in 1.1.23-r2'],
    });
  });
});

describe('Alpine secdb parser on damaged input', () => {
  it('skips or fails each of 150 seeded mutations with an Error, never crashing otherwise', async () => {
    for (const name of ['alpine-secdb-v3.19-main.json', 'alpine-secdb-v3.11-main.yaml']) {
      const sample = await readFile(fixture(name).path, 'utf8');
      let i = 0;
      for (const text of textMutations(sample, 75, 0xa1b + name.length)) {
        try {
          await alpineFeed.read({ name: `m${i++}`, bytes: Buffer.from(text) }, async () => {});
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
        }
      }
    }
  });

  it('refuses a file without its release', async () => {
    await expect(alpineFeed.read({ name: 'x.json', bytes: Buffer.from('{"packages": []}') }, async () => {}))
      .rejects.toThrow('an Alpine secdb file names its release in "distroversion" (got "")');
  });
});
