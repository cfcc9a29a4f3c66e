import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allSignatures } from '@binlens/engine';
import type { Component } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { epssFeed, kevFeed } from '../../../test/feed-entries.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const FEEDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../vulndb/fixtures/feeds');

// EPSS and KEV entries for CVE-2023-45853 (values made up for the test).
const EPSS = epssFeed('CVE-2023-45853', 0.0421, 0.9123);
const KEV = kevFeed({ cve: 'CVE-2023-45853', vendor: 'zlib', product: 'zlib', name: 'zlib MiniZip Integer Overflow', dateAdded: '2025-02-03', dueDate: '2025-02-24', ransomware: 'Known' });

/** zlib as the signature matcher reports it. */
const zlib = (version: string, file: string): Component => component({
  name: 'zlib',
  version,
  codetype: 'NA',
  vendor: 'zlib',
  purl: `pkg:generic/zlib@${version}`,
  cpes: [`cpe:2.3:a:zlib:zlib:${version}:*:*:*:*:*:*:*`],
  evidence: [{ method: 'signature', foundBy: 'signatures/zlib', path: [file], text: `inflate ${version} Copyright 1995-2022 Mark Adler` }],
});

interface Page<T> {
  count: number;
  results: T[];
  links: { next: string | null; previous: string | null };
}
interface CatalogueComponent {
  id: string;
  name: string;
  tags: string[];
  codetype: string;
  vulnerability_count: number;
  scan_count: number;
}

describe.each(DATABASES)('component catalogue on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let admin: TestSession;
  const scans: Record<string, { id: number; group: number }> = {};

  const get = async <T>(url: string, session: TestSession | null = alice) => {
    const response = await t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
    return { status: response.statusCode, body: response.json<T>() };
  };
  /** A group of `owner` holding one ready scan of these components. */
  const scanOf = async (owner: TestSession, group: string, name: string, components: Component[]) => {
    const created = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: owner.headers, payload: { name: group } });
    const groupId = created.json<{ id: number }>().id;
    const body = multipart('file', name, findingsFile({ components }));
    const upload = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...owner.headers, ...body.headers }, payload: body.payload });
    const id = upload.json<{ id: number }>().id;
    const deadline = Date.now() + 30_000;
    while ((await get<{ status: string }>(`/rest/scans/${id}/`, owner)).body.status !== 'R') {
      if (Date.now() > deadline) throw new Error(`scan ${id} not ready`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { id, group: groupId };
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
    expect(await importFeed(t.database.db, { path: path.join(FEEDS, 'nvd-cve-2023-45853.json') })).toMatchObject({ status: 'complete' });
    expect(await importFeed(t.database.db, EPSS)).toMatchObject({ status: 'complete', imported: 1 });
    expect(await importFeed(t.database.db, KEV)).toMatchObject({ status: 'complete', imported: 1 });
    scans.alice = await scanOf(alice, 'Firmware', 'router.bin', [zlib('1.2.13', 'usr/lib/libz.so.1'), component({ name: 'lodash', version: '4.17.21' })]);
    scans.bob = await scanOf(bob, 'Gateway', 'gateway.bin', [zlib('1.2.11', 'lib/libz.so.1')]);
    scans.fixed = await scanOf(bob, 'Patched', 'patched.bin', [zlib('1.3.1', 'lib/libz.so.1')]);
  });
  afterAll(() => t.close());

  it('lists the supported components with what the knowledge base knows and the viewer\'s own use', async () => {
    const { status, body } = await get<Page<unknown>>('/rest/components/?q=ZLIB');
    expect(status).toBe(200);
    const signature = allSignatures().find((s) => s.id === 'zlib');
    expect(body).toEqual({
      count: 1,
      results: [{
        id: 'zlib',
        url: '/rest/components/zlib/',
        name: 'zlib',
        lib: 'zlib',
        vendor: signature?.vendor,
        codetype: 'NA',
        tags: ['compression'],
        cpe: 'a:zlib:zlib',
        purl_type: 'generic',
        license: 'Zlib',
        latest_version: '1.3',
        vulnerability_count: 1,
        scan_count: 1,
        has_coverity_scan: false,
        version: null,
        custom_version: null,
        name_override: null,
        is_stub: false,
      }],
      links: { next: null, previous: null },
    });
    // Bob's two scans hold it, and an administrator sees all three.
    expect((await get<Page<CatalogueComponent>>('/rest/components/?q=zlib', bob)).body.results[0]?.scan_count).toBe(2);
    expect((await get<Page<CatalogueComponent>>('/rest/components/?q=zlib', admin)).body.results[0]?.scan_count).toBe(3);
  });

  it('lists every signature and the Go standard library, filtered by tag and code type, ordered and paged', async () => {
    const all = await get<Page<CatalogueComponent>>('/rest/components/?limit=500');
    expect(all.body.count).toBe(allSignatures().length + 1);
    // Every page in turn: the whole catalogue, in name order across pages.
    const every = [...all.body.results];
    for (let offset = 500; offset < all.body.count; offset += 500) every.push(...(await get<Page<CatalogueComponent>>(`/rest/components/?limit=500&offset=${offset}`)).body.results);
    expect(every.length).toBe(all.body.count);
    expect(every.map((c) => c.id)).toContain('go-stdlib');
    const names = every.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const tags = await get<{ count: number; results: { name: string; count: number }[] }>('/rest/components/tags/');
    expect(tags.status).toBe(200);
    expect(tags.body.results.map((tag) => tag.name)).toEqual([
      'audio-video', 'cloud', 'compression', 'crypto-libs', 'databases', 'db-libs', 'desktop', 'dev-tools', 'embedded-os', 'graphics', 'hardware', 'languages', 'libraries', 'media',
      'misc-libs', 'net-libs', 'network', 'runtimes', 'science', 'security-tools', 'servers', 'services', 'system', 'text-xml', 'tls', 'tools', 'utilities', 'web-assets',
    ]);
    const compression = await get<Page<CatalogueComponent>>('/rest/components/?tag=compression&limit=500');
    expect(compression.body.count).toBe(tags.body.results.find((tag) => tag.name === 'compression')?.count);
    expect(compression.body.results.every((c) => c.tags.includes('compression'))).toBe(true);
    expect((await get<Page<CatalogueComponent>>('/rest/components/?codetype=GO')).body.results.map((c) => c.id)).toEqual(['go-stdlib']);

    const used = await get<Page<CatalogueComponent>>('/rest/components/?ordering=-scans&limit=1');
    expect(used.body.results.map((c) => [c.id, c.scan_count])).toEqual([['zlib', 1]]);
    expect(used.body.links).toEqual({ next: '/rest/components/?ordering=-scans&limit=1&offset=1', previous: null });
    const vulnerable = await get<Page<CatalogueComponent>>('/rest/components/?ordering=-vulnerabilities&limit=2');
    expect(vulnerable.body.results.map((c) => [c.id, c.vulnerability_count])).toEqual([['zlib', 1], [all.body.results[0]?.id, 0]]);
  });

  it('answers one component: how it is identified, and the versions and scans the viewer holds it in', async () => {
    const { status, body } = await get<Record<string, unknown>>('/rest/components/zlib/');
    expect(status).toBe(200);
    const signature = allSignatures().find((s) => s.id === 'zlib');
    expect(body).toMatchObject({ id: 'zlib', scan_count: 1, latest_version: '1.3', vulnerability_count: 1 });
    expect(body.identified_by).toEqual({
      found_by: 'signatures/zlib',
      method: 'signature',
      patterns: signature?.patterns?.length,
      file_names: signature?.fileNames ?? [],
      sources: [...new Set(signature?.samples?.map((s) => s.source))],
    });
    expect(body.versions_in_account).toEqual([{ version: '1.2.13', scans: 1 }]);
    expect(body.scans_in_account).toEqual([{ scan_id: scans.alice?.id, scan_name: 'router.bin', group_id: scans.alice?.group, group_name: 'Firmware', version: '1.2.13' }]);
    // Bob sees his own two scans only.
    const bobs = await get<{ versions_in_account: unknown; scans_in_account: { scan_id: number }[] }>('/rest/components/zlib/', bob);
    expect(bobs.body.versions_in_account).toEqual([{ version: '1.2.11', scans: 1 }, { version: '1.3.1', scans: 1 }]);
    expect(bobs.body.scans_in_account.map((s) => s.scan_id)).toEqual([scans.fixed?.id, scans.bob?.id]);
  });

  it('answers a component\'s vulnerabilities with the ranges that name it, its score, EPSS and KEV', async () => {
    const { status, body } = await get<unknown>('/rest/components/zlib/vulnerabilities/');
    expect(status).toBe(200);
    expect(body).toEqual({
      count: 1,
      results: [{
        vuln_id: 'CVE-2023-45853',
        summary: 'MiniZip in zlib through 1.3 has an integer overflow and resultant heap-based buffer overflow in zipOpenNewFileInZip4_64 via a long filename, comment, or extra field. NOTE: MiniZip is not a supported part of the zlib product.',
        severity: 'critical',
        score: 9.8,
        score_version: '3.1',
        cvss3_score: 9.8,
        cvss2_score: null,
        epss: { score: 0.0421, percentile: 0.9123 },
        kev: { date_added: '2025-02-03', due_date: '2025-02-24', ransomware: 'Known' },
        ranges: [{ source: 'nvd-cpe', record: 'CVE-2023-45853', criteria: 'cpe:2.3:a:zlib:zlib:*:*:*:*:*:*:*:*', range: '<= 1.3' }],
      }],
      links: { next: null, previous: null },
      latest_version: '1.3',
    });
    expect((await get<Page<unknown>>('/rest/components/zlib/vulnerabilities/?q=nothing-like-it')).body.count).toBe(0);
    expect((await get<Page<unknown>>('/rest/components/openssl/vulnerabilities/')).body).toEqual({ count: 0, results: [], links: { next: null, previous: null }, latest_version: null });
  });

  it('has no Coverity scan for any component', async () => {
    expect(await get('/rest/components/zlib/coverity_scan/')).toEqual({ status: 404, body: { detail: 'No Coverity scan for this component' } });
    expect(await get('/rest/components/nothing-here/coverity_scan/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('finds the viewer\'s components a vulnerability affects, and none of a group they cannot see', async () => {
    const affected = (session: TestSession) => get<{ vuln_id: string; count: number; results: unknown[]; truncated: boolean }>('/rest/vulnerabilities/cve-2023-45853/affected_components/', session);
    const mine = { scan_id: scans.alice?.id, scan_name: 'router.bin', group_id: scans.alice?.group, group_name: 'Firmware', component: 'zlib', version: '1.2.13', exact: true };
    const bobs = { scan_id: scans.bob?.id, scan_name: 'gateway.bin', group_id: scans.bob?.group, group_name: 'Gateway', component: 'zlib', version: '1.2.11', exact: true };
    expect(await affected(alice)).toEqual({ status: 200, body: { vuln_id: 'CVE-2023-45853', count: 1, results: [mine], truncated: false } });
    // zlib 1.3.1 is past the range: bob's patched scan is not affected.
    expect((await affected(bob)).body.results).toEqual([bobs]);
    expect((await affected(admin)).body.results).toEqual([bobs, mine]);
    expect(await get('/rest/vulnerabilities/CVE-1999-0001/affected_components/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('refuses bad parameters, unknown ids and anonymous callers', async () => {
    expect(await get('/rest/components/?ordering=size')).toMatchObject({ status: 400, body: { ordering: [expect.any(String)] } });
    expect(await get('/rest/components/?codetype=XX')).toMatchObject({ status: 400, body: { codetype: [expect.any(String)] } });
    expect(await get('/rest/components/?limit=501')).toMatchObject({ status: 400, body: { limit: [expect.any(String)] } });
    // A malformed id is an unknown one, as everywhere (spec §5).
    expect(await get('/rest/components/Not%20An%20Id/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(await get('/rest/components/zlib/vulnerabilities/?ordering=severity')).toMatchObject({ status: 400, body: { ordering: [expect.any(String)] } });
    expect(await get('/rest/components/nothing-here/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(await get('/rest/components/nothing-here/vulnerabilities/')).toEqual({ status: 404, body: { detail: 'Not found.' } });
    for (const url of ['/rest/components/', '/rest/components/tags/', '/rest/components/zlib/', '/rest/components/zlib/vulnerabilities/', '/rest/vulnerabilities/CVE-2023-45853/affected_components/']) {
      expect(await get(url, null)).toEqual({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
    }
  });

  it('gives every catalogue id the form its route accepts, each once', () => {
    const ids = [...allSignatures().map((s) => s.id), 'go-stdlib'];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^[a-z0-9][a-z0-9._+-]{0,63}$/.test(id))).toEqual([]);
  });
});
