// Ubuntu's OSV records as a distro tracker, and the distro CVSS (Ubuntu priority, Debian
// urgency) kept per distro and CVE and shown in the evaluation.
import { readFile } from 'node:fs/promises';
import type { Component, Identification } from '@binlens/engine/model';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnDistroFixes } from '../src/db/schema.ts';
import { evaluate } from '../src/evaluate.ts';
import { ubuntuFeed } from '../src/import/feeds/ubuntu.ts';
import { importFeed } from '../src/import/import-file.ts';
import { detectFeed } from '../src/import/registry.ts';
import { createKnowledgeBase } from '../src/kb/knowledge-base.ts';
import { textMutations } from './fuzz.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

function deb(id: string, name: string, version: string, release: string, upstream: string): Component {
  return {
    id, name, version, codetype: 'DP', vendor: 'ubuntu', cpes: [], licenses: [], evidence: [],
    distro: { name: 'ubuntu', release },
    purl: `pkg:deb/ubuntu/${name}@${encodeURIComponent(version)}?arch=amd64&distro=ubuntu-${release}&upstream=${upstream}`,
  };
}

function identification(components: Component[]): Identification {
  return {
    schemaVersion: 1, input: { name: 'rootfs.tar', size: 1, sha1: '', sha256: '' }, files: [], components, problems: [],
    startedAt: '2024-08-01T00:00:00Z', finishedAt: '2024-08-01T00:00:01Z',
  };
}

describe.each(DATABASES)('Ubuntu tracker and distro CVSS on %s', (kind) => {
  let t: TestKb;
  beforeAll(async () => {
    t = await openTestKb(kind);
  });
  afterAll(() => t.dispose());

  it('detects Ubuntu OSV records apart from other OSV records', async () => {
    expect([(await detectFeed(fixture('ubuntu-osv-records.json')))?.kind, (await detectFeed(fixture('osv-array.json')))?.kind]).toEqual(['ubuntu', 'osv']);
  });

  it('imports per release and source package; Pro fixes stand in where the release has no other', async () => {
    const report = await importFeed(t.db, fixture('ubuntu-osv-records.json'));
    expect(report).toMatchObject({ source: 'ubuntu', status: 'complete', records: 3, imported: 2, skipped: 1 });
    expect(report.skips).toEqual([{ id: 'UBUNTU-CVE-2023-38545', reason: 'Ubuntu:22.04:LTS curl: malformed fixed version "not a version"' }]);
    const rows = await t.db.select().from(vulnDistroFixes).where(and(eq(vulnDistroFixes.live, true), eq(vulnDistroFixes.distro, 'ubuntu')));
    expect(rows.map((r) => [r.release, r.sourcePackage, r.vulnId, r.status, r.fixedVersion, r.nodsa]).sort((a, b) => String(a).localeCompare(String(b)))).toEqual([
      ['14.04', 'netty', 'CVE-2022-24823', 'open', null, null],
      ['16.04', 'wayland', 'CVE-2021-3782', 'resolved', '1.12.0-1~ubuntu16.04.3+esm1', 'fixed through Ubuntu Pro'],
      ['18.04', 'wayland', 'CVE-2021-3782', 'resolved', '1.16.0-1ubuntu1.1~18.04.4', null],
      ['20.04', 'wayland', 'CVE-2021-3782', 'resolved', '1.18.0-1ubuntu0.1', null],
      ['22.04', 'netty', 'CVE-2022-24823', 'resolved', '1:4.1.48-4+deb11u2ubuntu0.1~esm1', 'fixed through Ubuntu Pro'],
      ['22.04', 'wayland', 'CVE-2021-3782', 'resolved', '1.20.0-1ubuntu0.1', null],
      ['25.10', 'netty', 'CVE-2022-24823', 'open', null, null],
    ]);
  });

  it('keeps the distros\' ratings per distro and CVE', async () => {
    await importFeed(t.db, fixture('debian-tracker-urgency.json'));
    const kb = createKnowledgeBase(t.db);
    expect(await kb.distroCvss(['CVE-2021-3782', 'CVE-2022-24823', 'CVE-2005-3111', 'CVE-2007-2383', 'CVE-2099-0001'])).toEqual([
      { distro: 'debian', cve: 'CVE-2005-3111', severity: 'medium', score: null, vector: null },
      { distro: 'debian', cve: 'CVE-2007-2383', severity: 'unimportant', score: null, vector: null },
      { distro: 'ubuntu', cve: 'CVE-2021-3782', severity: 'medium', score: 6.6, vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:H' },
      { distro: 'ubuntu', cve: 'CVE-2022-24823', severity: 'low', score: 5.5, vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N' },
    ]);
  });

  it('matches Ubuntu packages by source package with the dpkg scheme and reports the distro CVSS', async () => {
    const components = [
      deb('libwayland-1.20.0-1', 'libwayland-client0', '1.20.0-1', '22.04', 'wayland'),
      deb('libwayland-1.20.0-1ubuntu0.1', 'libwayland-client0', '1.20.0-1ubuntu0.1', '22.04', 'wayland'),
      deb('netty-jammy', 'libnetty-java', '1:4.1.48-4+deb11u2', '22.04', 'netty'),
      deb('netty-questing', 'libnetty-java', '1:4.1.48-10ubuntu0.25.10.2', '25.10', 'netty'),
      deb('netty-noble', 'libnetty-java', '1:4.1.48-9', '24.04', 'netty'),
    ];
    const result = await evaluate(identification(components), createKnowledgeBase(t.db));
    const got = Object.fromEntries(Object.entries(result.components).map(([uid, vulns]) => [
      uid, vulns.map((v) => `${v.vuln_id} ${v.matched_by.map((m) => `${m.record}: ${m.range}`).join(' + ')}`),
    ]));
    expect(got).toEqual({
      'libwayland-1.20.0-1': ['CVE-2021-3782 ubuntu:22.04/wayland: fixed in 1.20.0-1ubuntu0.1'],
      'libwayland-1.20.0-1ubuntu0.1': [],
      'netty-jammy': ['CVE-2022-24823 ubuntu:22.04/netty: fixed in 1:4.1.48-4+deb11u2ubuntu0.1~esm1'],
      'netty-questing': ['CVE-2022-24823 ubuntu:25.10/netty: open'],
      'netty-noble': [],
    });
    expect(result.vulnerabilities['CVE-2021-3782']?.distro_cvss).toEqual([
      { distro: 'ubuntu', cve: 'CVE-2021-3782', severity: 'medium', score: 6.6, vector: 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:H' },
    ]);
  });
});

describe('Ubuntu OSV parser on damaged input', () => {
  it('skips or fails each of 150 seeded mutations with an Error, never crashing otherwise', async () => {
    const sample = await readFile(fixture('ubuntu-osv-records.json').path, 'utf8');
    let i = 0;
    for (const text of textMutations(sample, 150, 0xb0b)) {
      try {
        await ubuntuFeed.read({ name: `m${i++}`, bytes: Buffer.from(text) }, async () => {});
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
      }
    }
  });
});
