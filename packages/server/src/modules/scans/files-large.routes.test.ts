// The file tree of a scan with 100,000 files: every folder's children, deep pages and searches
// answer exactly what the tree holds (timings: bench/server/file-tree.ts).
import { IDENTIFICATION_SCHEMA_VERSION, type FileEntry, type Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

const FILES = 100_000;
const FOLDERS = 100;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** File i sits in folder i mod 100 of the file system: 1,000 files per folder. */
const fileName = (i: number) => `dir-${pad(i % FOLDERS, 3)}/file-${pad(i, 6)}`;

function hugeTree(): Identification {
  const files: FileEntry[] = [
    { path: [], size: 1, sha1: 'a', sha256: 'b', format: 'firmware/uimage' },
    { path: ['rootfs.squashfs'], size: 1, sha1: 'c', sha256: 'd', format: 'filesystem/squashfs' },
  ];
  for (let i = 0; i < FILES; i++) files.push({ path: ['rootfs.squashfs', fileName(i)], size: i, sha1: `s${i}`, sha256: `t${i}` });
  return {
    schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
    input: { name: 'huge.bin', size: 1, sha1: 'a', sha256: 'b', format: 'firmware/uimage' },
    files,
    components: [],
    problems: [],
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
  };
}

interface Page {
  count: number;
  results: { name: string; path: string[]; child_count: number; size: number | null }[];
}

describe.each(DATABASES)('a file tree of 100,000 files on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let scanId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine(hugeTree) });
    alice = await newSession(t.app, t.database);
    const group = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Huge' } })).json<{ id: number }>().id;
    const body = multipart('file', 'huge.bin', Buffer.from('huge'));
    scanId = (await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
    const deadline = Date.now() + 240_000;
    while ((await list('')).status === 409 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  }, 300_000);
  afterAll(() => t.close());

  async function list(query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/files/${query}`, headers: alice.headers });
    return { status: response.statusCode, body: response.json<Page>() };
  }
  const parent = (path: string[]) => `parent=${encodeURIComponent(JSON.stringify(path))}`;

  it('lists the container and its 100 folders, each with its 1,000 files', async () => {
    expect((await list('')).body.results.map((entry) => [entry.name, entry.child_count])).toEqual([['rootfs.squashfs', FOLDERS]]);
    const folders = await list(`?${parent(['rootfs.squashfs'])}&limit=500`);
    expect([folders.body.count, folders.body.results.map((entry) => entry.name)]).toEqual([FOLDERS, Array.from({ length: FOLDERS }, (_, i) => `dir-${pad(i, 3)}`)]);
    expect(new Set(folders.body.results.map((entry) => entry.child_count))).toEqual(new Set([FILES / FOLDERS]));
  });

  it('answers any page of a folder of 1,000 files in name order', async () => {
    const files = (offset: number) => list(`?${parent(['rootfs.squashfs', 'dir-042'])}&limit=500&offset=${offset}`);
    const second = await files(500);
    const inFolder = Array.from({ length: FILES / FOLDERS }, (_, k) => k * FOLDERS + 42);
    expect([second.body.count, second.body.results.map((entry) => entry.path[1])]).toEqual([1000, inFolder.slice(500).map(fileName)]);
    expect(second.body.results[0]?.size).toBe(inFolder[500]);
    expect((await files(999)).body.results.map((entry) => entry.name)).toEqual([`file-${pad(99_942, 6)}`]);
    expect((await files(1000)).body.results).toEqual([]);
  });

  it('searches every path of the tree in tree order', async () => {
    const found = await list('?search=FILE-0000&limit=500');
    expect([found.body.count, found.body.results.map((entry) => entry.path[1])]).toEqual([100, Array.from({ length: 100 }, (_, i) => fileName(i))]);
    const deep = await list('?search=dir-099/file-099999');
    expect(deep.body.results.map((entry) => entry.path)).toEqual([['rootfs.squashfs', 'dir-099/file-099999']]);
  });

  it('answers one file of the tree by its path', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/files/detail/?path=${encodeURIComponent(JSON.stringify(['rootfs.squashfs', fileName(77_777)]))}`, headers: alice.headers });
    expect(response.json()).toMatchObject({ name: 'file-077777', size: 77_777, sha1: 's77777', ancestors: [[], ['rootfs.squashfs'], ['rootfs.squashfs', 'dir-077']] });
  });
});
