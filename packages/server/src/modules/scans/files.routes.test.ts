import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { multipart, tar } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { ITEMS_VERSION } from './result-items.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../../engine/fixtures/${path}`, import.meta.url));

const IMAGE = fixture('unpack/docker-save/image.tar');
const RELEASE = tar([
  { path: 'firmware.tar', content: fixture('unpack/firmware-containers/firmware.tar') },
  { path: 'app/demo.apk', content: fixture('mobile/apk-basic/demo.apk') },
  { path: 'app/bin/tool', content: fixture('executables/elf-default/elf-default') },
  { path: 'app/etc/service.conf', content: 'contact = ops@binlens-demo.org\nadmin_password = "Tr0ub4dor&3xyz"\nmirror = https://updates.binlens-demo.org/feed\n' },
]);

/** The fixture image's layers (docker < 25 chain ids), bottom first. */
const L1 = 'd3f283157fac946d90a1a1975203674218de6145181ae92e44a9806ebfd7c2af';
const L2 = '2f929decd8ec6856962e56fa847e2977888c322a6e30a397340f377b3bf7cb93';
const L3 = '9c5e924a446474cc2d4a76c09ee9d1964c7b69609e1d0761a5061c7dc389c757';
const ZLIB = { uid: '3eee493bcf501c9beb9c66259db3d076c2a8b8d5', lib: 'zlib1g', version: '1:1.2.13.dfsg-1' };

interface Page<T> {
  count: number;
  results: T[];
  links: { next: string | null; previous: string | null };
}
interface Entry {
  name: string;
  path: string[];
  type: string;
  child_count: number;
  format: string | null;
  infoleaks: number;
  missing_mitigations: number | null;
}

const EMPTY_ENTRY = { link_target: null, layer: null, whiteout: null, components: [], component_count: 0, infoleaks: 0, missing_mitigations: null };
const folder = (path: string[], name: string, children: number) => ({
  ...EMPTY_ENTRY, name, path, type: 'folder', is_container: false, has_children: true, child_count: children, format: null, format_name: null, size: null, sha1: null, sha256: null,
});

describe.each(DATABASES)('the file tree and the layers of a scan on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let outsider: TestSession;
  let imageScan: number;
  let releaseScan: number;
  const scanned = new Map<string, Identification>();

  beforeAll(async () => {
    // Both inputs scanned once by the real engine, in-process; the app's engine answers those.
    const dir = await mkdtemp(join(tmpdir(), 'binlens-files-'));
    try {
      for (const [name, bytes] of [['image.tar', IMAGE], ['release.tar', RELEASE]] as const) {
        await writeFile(join(dir, name), bytes);
        scanned.set(name, await scan(join(dir, name)));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    t = await startTestApp(kind, { workers: true, engine: fakeEngine((_bytes, name) => scanned.get(name) ?? Promise.reject(new Error(name))) });
    [alice, outsider] = [await newSession(t.app, t.database), await newSession(t.app, t.database)];
    const group = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Images' } })).json<{ id: number }>().id;
    [imageScan, releaseScan] = [await upload(group, 'image.tar', IMAGE), await upload(group, 'release.tar', RELEASE)];
  }, 60_000);
  afterAll(() => t.close());

  async function upload(group: number, name: string, bytes: Buffer): Promise<number> {
    const body = multipart('file', name, bytes);
    const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    const id = created.json<{ id: number }>().id;
    const deadline = Date.now() + 30_000;
    while (['B', 'S', 'P', 'D'].includes((await get<{ status: string }>(`/rest/scans/${id}/`)).body.status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return id;
  }

  async function get<T>(url: string, session: TestSession | null = alice) {
    const response = await t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });
    return { status: response.statusCode, body: response.json<T>() };
  }
  const files = (scanId: number, query = '') => get<Page<Entry>>(`/rest/scans/${scanId}/files/${query}`);
  const parent = (path: string[]) => `parent=${encodeURIComponent(JSON.stringify(path))}`;

  it('lists the top level of an image, folders first, each node with its layer and whiteout', async () => {
    const { status, body } = await files(imageScan);
    expect(status).toBe(200);
    expect(body.results.map((entry) => [entry.name, entry.type, entry.child_count])).toEqual([
      ['etc', 'folder', 3], ['opt', 'folder', 1], ['usr', 'folder', 1], ['var', 'folder', 1], ['bin', 'file', 0],
    ]);
    expect(body.results[0]).toEqual(folder(['etc'], 'etc', 3));
    expect(body.results.at(-1)).toEqual({
      ...EMPTY_ENTRY, name: 'bin', path: ['bin'], type: 'file', is_container: false, has_children: false, child_count: 0, format: null, format_name: null,
      size: 0, sha1: '', sha256: '', link_target: 'usr/bin', layer: L1,
    });
    expect((await files(imageScan, `?${parent([])}`)).body).toEqual(body);
  });

  it('pages through the children of a folder, keeping the parent in its links', async () => {
    const { body } = await files(imageScan, `?${parent(['etc'])}&limit=1&offset=2`);
    expect(body).toEqual({
      count: 3,
      results: [{
        ...EMPTY_ENTRY, name: 'secret.txt', path: ['etc/secret.txt'], type: 'file', is_container: false, has_children: false, child_count: 0, format: null, format_name: null,
        size: 19, sha1: 'd52b0e67c80a588ac4cba68f8e5ace3f0abe8050', sha256: '17002793554b42fd88f816c8b718aefb66eba3466c55733fee7751749b4015e0', layer: L1, whiteout: L2,
      }],
      links: { next: null, previous: `/rest/scans/${imageScan}/files/?parent=%5B%22etc%22%5D&limit=1&offset=1` },
    });
    const usrBin = await files(imageScan, `?${parent(['usr/bin'])}`);
    expect(usrBin.body.results.map((entry) => [entry.path, entry.type])).toEqual([[['usr/bin/tool'], 'file'], [['usr/bin/tool2'], 'file']]);
  });

  it('shows a container as a folder whose children are the files unpacked from it, down every level', async () => {
    const top = await files(releaseScan);
    expect(top.body.results.map((entry) => [entry.name, entry.type, entry.child_count])).toEqual([['app', 'folder', 3], ['firmware.tar', 'file', 5]]);
    expect(top.body.results[1]).toMatchObject({ is_container: true, has_children: true, format: 'archive/tar', format_name: 'tar archive' });
    const trx = await files(releaseScan, `?${parent(['firmware.tar', 'router.trx'])}`);
    expect(trx.body.results.map((entry) => [entry.path, entry.format, entry.child_count])).toEqual([
      [['firmware.tar', 'router.trx', 'partition-0'], 'compress/gzip', 1],
      [['firmware.tar', 'router.trx', 'partition-1'], 'filesystem/squashfs', 1],
    ]);
    const squashfs = await files(releaseScan, `?${parent(['firmware.tar', 'router.trx', 'partition-1'])}`);
    expect(squashfs.body.results).toEqual([folder(['firmware.tar', 'router.trx', 'partition-1', 'etc'], 'etc', 1)]);
    const app = await files(releaseScan, `?${parent(['app'])}`);
    expect(app.body.results.map((entry) => [entry.name, entry.infoleaks, entry.missing_mitigations])).toEqual([['bin', 0, null], ['etc', 0, null], ['demo.apk', 0, null]]);
    const etc = await files(releaseScan, `?${parent(['app/etc'])}`);
    expect(etc.body.results.map((entry) => [entry.name, entry.infoleaks])).toEqual([['service.conf', 3]]);
    const bin = await files(releaseScan, `?${parent(['app/bin'])}`);
    expect(bin.body.results.map((entry) => [entry.name, entry.missing_mitigations])).toEqual([['tool', 5]]);
  });

  it('searches the whole tree case-insensitively, flat and in tree order', async () => {
    const { body } = await files(imageScan, '?search=BIN/TOOL');
    expect(body.results.map((entry) => entry.path)).toEqual([['usr/bin/tool'], ['usr/bin/tool2']]);
    const nested = await files(releaseScan, '?search=kernel&limit=2');
    expect([nested.body.count, nested.body.results.map((entry) => entry.path), nested.body.links.next]).toEqual([
      5,
      [['firmware.tar', 'image.itb', 'kernel-1.gz'], ['firmware.tar', 'image.itb', 'kernel-1.gz', 'kernel-1']],
      `/rest/scans/${releaseScan}/files/?search=kernel&limit=2&offset=2`,
    ]);
    expect((await files(imageScan, '?search=nothing-named-so')).body.count).toBe(0);
  });

  it('answers one file with every component, its leaks, its executable and its place in the tree', async () => {
    const status = await get<Record<string, unknown>>(`/rest/scans/${imageScan}/files/detail/?path=${encodeURIComponent('["var/lib/dpkg/status"]')}`);
    expect(status.body).toMatchObject({ name: 'status', layer: L1, whiteout: null, components: [ZLIB], component_count: 1, ancestors: [[], ['var'], ['var/lib'], ['var/lib/dpkg']], infoleak_items: [], executable: null, mobile_app: null });

    type Leak = { id: number; kind: string; value: string; masked: string | null; context: string; revealable: boolean; triages?: unknown[] };
    const conf = await get<{ infoleaks: number; infoleak_items: Leak[] }>(`/rest/scans/${releaseScan}/files/detail/?path=${encodeURIComponent('["app/etc/service.conf"]')}`);
    // The scan's list, less the APK's signing certificate: the findings of the conf file.
    const leaks = await get<Page<Leak>>(`/rest/scans/${releaseScan}/infoleak/?search=service.conf`);
    expect([conf.body.infoleaks, conf.body.infoleak_items.map((leak) => [leak.id, leak.kind])]).toEqual([3, [[1, 'passwords'], [2, 'emails'], [3, 'urls']]]);
    // The list reveals the secret to its group's manager; the file's detail masks it for everyone.
    // The list adds the triages that hold for each finding; the detail leaves them out.
    const untriaged = ({ triages, ...leak }: Leak) => {
      expect(triages).toEqual([]);
      return leak;
    };
    const [listed, detailed] = [leaks.body.results.map(untriaged)[0], conf.body.infoleak_items[0]];
    expect([listed?.value, listed?.revealable]).toEqual(['Tr0ub4dor&3xyz', true]);
    expect(detailed).toEqual({ ...listed, value: 'Tr**********yz', context: listed?.context.replace('Tr0ub4dor&3xyz', 'Tr**********yz'), revealable: false });
    // The other findings' contexts too: the e-mail's line is next to the password's.
    expect(leaks.body.results.slice(1).some((leak) => leak.context.includes('Tr0ub4dor&3xyz'))).toBe(true);
    expect(conf.body.infoleak_items.slice(1)).toEqual(leaks.body.results.slice(1).map(untriaged).map((leak) => ({ ...leak, context: leak.context.replaceAll('Tr0ub4dor&3xyz', 'Tr**********yz') })));

    const tool = await get<Record<string, unknown>>(`/rest/scans/${releaseScan}/files/detail/?path=${encodeURIComponent('["app/bin/tool"]')}`);
    expect(tool.body.executable).toEqual({ format: 'elf', machine: 'x86-64', bits: 64, type: 'executable', missing: ['partial-relro', 'no-canary', 'no-fortify', 'no-ibt', 'no-shstk'] });
    const apk = await get<Record<string, unknown>>(`/rest/scans/${releaseScan}/files/detail/?path=${encodeURIComponent('["app/demo.apk"]')}`);
    expect([apk.body.is_container, apk.body.format_name, apk.body.mobile_app]).toEqual([true, 'ZIP archive', { platform: 'android', id: 'org.binlens.demo', name: 'Binlens Demo' }]);
  });

  it('answers the input itself as the root, by [] or by its name', async () => {
    const root = await get<Record<string, unknown>>(`/rest/scans/${imageScan}/files/detail/?path=%5B%5D`);
    const input = scanned.get('image.tar')?.input;
    expect(root.body).toMatchObject({ name: 'image.tar', path: [], type: 'file', is_container: true, child_count: 5, format: 'container/docker-archive', format_name: 'Docker image archive (docker save)', size: input?.size, sha256: input?.sha256, ancestors: [] });
    expect((await get(`/rest/scans/${imageScan}/files/detail/?path=${encodeURIComponent('["image.tar"]')}`)).body).toEqual(root.body);
  });

  it('lists each image with its layers in order: build step, files, components and deleted files', async () => {
    const { status, body } = await get<Page<unknown>>(`/rest/scans/${imageScan}/layers/`);
    const buildkit = { created: '2023-11-14T22:13:20Z', comment: 'buildkit.dockerfile.v0' };
    expect([status, body.count]).toEqual([200, 1]);
    expect(body.results).toEqual([{
      id: 'ee01679a12ee531c063fb57562fa5a9b59df3310167918c611d344fac8330944',
      repo_tags: ['binlens/demo:1.0'],
      path: [],
      layers: [
        { digest: L1, created_by: 'ADD rootfs.tar / # buildkit', ...buildkit, files: 3, components: [ZLIB], deleted: 0, deleted_files: [] },
        {
          digest: L2,
          created_by: "RUN /bin/sh -c rm /etc/secret.txt && rm -rf /opt/app && mkdir /opt/app && echo 'added in layer 2' > /opt/app/new.txt && echo 'tool v2' > /usr/bin/tool # buildkit",
          ...buildkit,
          files: 2,
          components: [],
          deleted: 2,
          deleted_files: [['etc/secret.txt'], ['opt/app/old.txt']],
        },
        { digest: L3, created_by: 'RUN /bin/sh -c echo welcome > /etc/motd && ln /usr/bin/tool /usr/bin/tool2 # buildkit', ...buildkit, files: 2, components: [], deleted: 0, deleted_files: [] },
      ],
    }]);
    expect((await get<Page<unknown>>(`/rest/scans/${releaseScan}/layers/`)).body).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
  });

  it('splits the items of a scan an older version stored again on its first read', async () => {
    await t.database.db.execute(`delete from scan_items where scan_id = ${imageScan} and section in ('file', 'image')`);
    await t.database.db.execute(`update scans set items_version = ${ITEMS_VERSION - 1} where id = ${imageScan}`);
    expect((await files(imageScan)).body.count).toBe(5);
    expect((await get<Page<unknown>>(`/rest/scans/${imageScan}/layers/`)).body.count).toBe(1);
  });

  it('answers 400 for a bad path, a parent with a search or no path, and 404 where the tree has nothing', async () => {
    expect(await files(imageScan, '?parent=etc')).toEqual({ status: 400, body: { parent: ['Give an extended path as a JSON array of strings, e.g. ["rootfs.squashfs","etc"].'] } });
    expect((await files(imageScan, `?parent=${encodeURIComponent('{"a":1}')}`)).status).toBe(400);
    expect((await files(imageScan, `?parent=${encodeURIComponent(JSON.stringify(Array.from({ length: 65 }, () => 'a')))}`)).status).toBe(400);
    expect(await files(imageScan, `?${parent(['etc'])}&search=motd`)).toEqual({ status: 400, body: { parent: ['Give either parent or search: a search covers the whole tree.'] } });
    expect(await get(`/rest/scans/${imageScan}/files/detail/?path=${encodeURIComponent('[1]')}`)).toEqual({ status: 400, body: { path: ['Give an extended path as a JSON array of strings, e.g. ["rootfs.squashfs","etc/passwd"].'] } });
    expect((await get<Record<string, string[]>>(`/rest/scans/${imageScan}/files/detail/`)).status).toBe(400);
    const missing = { status: 404, body: { detail: 'The scan has no file or folder at this path.' } };
    expect(await files(imageScan, `?${parent(['nowhere'])}`)).toEqual(missing);
    expect(await get(`/rest/scans/${imageScan}/files/detail/?path=${encodeURIComponent('["etc/nowhere"]')}`)).toEqual(missing);
    // A file without children is listed as having none.
    expect((await files(imageScan, `?${parent(['etc/motd'])}`)).body.count).toBe(0);
  });

  it('answers 404 for a scan of a group the user cannot see, and 401 without a session', async () => {
    for (const url of [`/rest/scans/${imageScan}/files/`, `/rest/scans/${imageScan}/files/detail/?path=%5B%5D`, `/rest/scans/${imageScan}/layers/`]) {
      expect(await get(url, outsider)).toEqual({ status: 404, body: { detail: 'Not found.' } });
      expect((await get(url, null)).status).toBe(401);
    }
  });
});
