import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, openTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { countsListedAndShown } from '../../../test/scan-counts.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { buildApp } from '../../app.ts';
import { compose } from '../../composition.ts';
import type { Quotas } from '../../config.ts';

interface ScanBody {
  id: number;
  status: 'B' | 'S' | 'P' | 'D' | 'R' | 'F';
  error: string | null;
  component_count: number | null;
}

describe.each(DATABASES)('scan routes on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } });
    groupId = group.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const upload = (session: TestSession, filename: string, content: Buffer, field = 'file', group = groupId) => {
    const body = multipart(field, filename, content);
    return t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
  };

  const waitFinished = async (id: number): Promise<ScanBody> => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const scan = (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<ScanBody>();
      if (!['B', 'S', 'P', 'D'].includes(scan.status) || Date.now() > deadline) return scan;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('uploads a file, scans it and serves its components', async () => {
    const archive = findingsFile({ components: [component({ name: 'left-pad', version: '1.3.0', licenses: ['WTFPL'] })] });
    const response = await upload(alice, 'app.tar', archive);
    expect(response.statusCode).toBe(201);
    const created = response.json<ScanBody & Record<string, unknown>>();
    expect(created).toMatchObject({
      url: `/rest/scans/${created.id}/`,
      group: groupId,
      group_name: 'Apps',
      name: 'app.tar',
      size: archive.length,
      // Any busy code: a worker may take the scan before the answer reads it back.
      status: expect.stringMatching(/^[BSPD]$/),
      error: null,
      finished: null,
      cvss3_fallback: true,
      include_bdsa_vulnerabilities: false,
      component_count: null,
    });

    const finished = await waitFinished(created.id);
    expect(finished).toMatchObject({ status: 'R', error: null, component_count: 1 });

    const result = await t.app.inject({ method: 'GET', url: `/rest/scans/${created.id}/result/`, headers: alice.headers });
    expect(result.statusCode).toBe(200);
    const body = result.json<{ components: { lib: string; version: string; codetype: string; license: string[] }[]; licenses: unknown[] }>();
    expect(body.components.map((c) => [c.lib, c.version, c.codetype])).toEqual([['left-pad', '1.3.0', 'JS']]);

    const list = (await t.app.inject({ method: 'GET', url: `/rest/scans/?group=${groupId}`, headers: alice.headers })).json<{ count: number; results: ScanBody[] }>();
    expect(list.results[0]?.id).toBe(created.id);
  });

  it('finishes an empty upload, never leaving it busy', async () => {
    const response = await upload(alice, 'empty.bin', Buffer.alloc(0));
    expect(response.statusCode).toBe(201);
    const finished = await waitFinished(response.json<ScanBody>().id);
    expect(finished).toMatchObject({ status: 'R', error: null, component_count: 0 });
  });

  it("lists the scan's problems by level", async () => {
    const warning = { level: 'warning' as const, location: ['fw.bin', 'rootfs'], plugin: 'unpack/squashfs', code: 'truncated', message: 'the image ends early' };
    const error = { level: 'error' as const, location: ['fw.bin'], plugin: 'unpack/gzip', code: 'corrupt', message: 'bad CRC' };
    const response = await upload(alice, 'fw.bin', findingsFile({ problems: [warning, error] }));
    const finished = await waitFinished(response.json<ScanBody>().id);
    const list = async (level: string) => (await t.app.inject({ method: 'GET', url: `/rest/scans/${finished.id}/${level}/`, headers: alice.headers })).json();
    expect(await list('warnings')).toEqual({ count: 1, results: [warning], links: { next: null, previous: null } });
    expect(await list('errors')).toEqual({ count: 1, results: [error], links: { next: null, previous: null } });
    expect(await list('info')).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
  });

  it('answers 400 {file: [...]} without a file field', async () => {
    const wrongField = await upload(alice, 'a.bin', Buffer.from('x'), 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ file: ['No file was submitted.'] });
    const notMultipart = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: alice.headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toEqual({ file: ['No file was submitted.'] });
  });

  it('answers 400 {file: [...]} for a multipart body without a boundary or cut short, and creates no scan', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/rest/scans/', headers: alice.headers })).json<{ count: number }>().count;
    const url = `/rest/groups/${groupId}/upload/`;
    const noBoundary = await t.app.inject({ method: 'POST', url, headers: { ...alice.headers, 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect([noBoundary.statusCode, noBoundary.json()]).toEqual([400, { file: ['The upload is not a readable multipart/form-data body.'] }]);
    const whole = multipart('file', 'cut.bin', Buffer.alloc(5000, 7));
    const cut = await t.app.inject({ method: 'POST', url, headers: { ...alice.headers, ...whole.headers }, payload: whole.payload.subarray(0, 3000) });
    expect([cut.statusCode, cut.json()]).toEqual([400, { file: ['The upload is not a readable multipart/form-data body.'] }]);
    const garbage = await t.app.inject({ method: 'POST', url, headers: { ...alice.headers, 'content-type': 'multipart/form-data; boundary=zz' }, payload: 'no parts here' });
    expect(garbage.statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: '/rest/scans/', headers: alice.headers })).json<{ count: number }>().count;
    expect(after).toBe(before);
  });

  it("hides another user's scans and refuses uploads to their group", async () => {
    const own = (await upload(alice, 'mine.bin', Buffer.from('hello'))).json<ScanBody>();
    await waitFinished(own.id);
    for (const url of [`/rest/scans/${own.id}/`, `/rest/scans/${own.id}/result/`, `/rest/scans/${own.id}/errors/`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bob.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/rest/scans/', headers: bob.headers })).json<{ count: number }>();
    expect(list.count).toBe(0);
    const response = await upload(bob, 'intruder.bin', Buffer.from('x'));
    expect(response.statusCode).toBe(404);
  });

  it('finds scans by name, by exact SHA-1 or SHA-256, by status, and orders them by any column', async () => {
    const session = alice;
    const group = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: 'Search' } })).json<{ id: number }>().id;
    const files = [['Router-FW_2.bin', 30], ['router 100%.img', 10], ['camera.tar', 20]] as const;
    for (const [name, size] of files) {
      const response = await upload(session, name, Buffer.alloc(size, name.length), 'file', group);
      await waitFinished(response.json<ScanBody>().id);
    }
    const names = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/rest/scans/?group=${group}&${query}`, headers: session.headers });
      expect(response.statusCode, query).toBe(200);
      return response.json<{ results: { name: string }[] }>().results.map((scan) => scan.name);
    };
    expect(await names('ordering=name')).toEqual(['Router-FW_2.bin', 'camera.tar', 'router 100%.img']);
    expect(await names('ordering=-size')).toEqual(['Router-FW_2.bin', 'camera.tar', 'router 100%.img']);
    expect(await names('q=ROUTER&ordering=size')).toEqual(['router 100%.img', 'Router-FW_2.bin']);
    expect(await names(`q=${encodeURIComponent('100%')}`)).toEqual(['router 100%.img']);
    expect(await names('q=_')).toEqual(['Router-FW_2.bin']);
    const camera = Buffer.alloc(20, 'camera.tar'.length);
    const sha1 = createHash('sha1').update(camera).digest('hex');
    const sha256 = createHash('sha256').update(camera).digest('hex');
    expect(await names(`q=${sha1.toUpperCase()}`)).toEqual(['camera.tar']);
    expect(await names(`q=${sha256}`)).toEqual(['camera.tar']);
    expect(await names(`q=${sha1.slice(0, 39)}`)).toEqual([]);
    expect(await names('status=R&ordering=-name')).toEqual(['router 100%.img', 'camera.tar', 'Router-FW_2.bin']);
    expect(await names('status=F')).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/rest/scans/?ordering=sha1&status=X', headers: session.headers });
    expect([bad.statusCode, bad.json()]).toEqual([400, { ordering: ['Select a valid choice.'], status: ['Select a valid choice.'] }]);
  });

  it('answers 404 for an unknown scan and 409 for a result not ready', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/rest/scans/2147483647/', headers: alice.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const [row] = await t.database.db.execute<{ id: number }>(
      `insert into scans (group_id, filename, size, sha1, sha256, blob_key, status) values (${groupId}, 'q.bin', 0, '', '', '', 'B') returning id`,
    ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const notReady = await t.app.inject({ method: 'GET', url: `/rest/scans/${row?.id}/result/`, headers: alice.headers });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toEqual({ detail: 'The scan is not ready.' });
  });

  it('lists every ready scan with the vulnerability counts its result page shows', async () => {
    const rows = await countsListedAndShown(t.app, t.database);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => [row.id, row.listed])).toEqual(rows.map((row) => [row.id, row.shown]));
  });
});

describe.each(DATABASES)('upload quotas on %s', (kind) => {
  let testDb: TestDatabase;
  let blobDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase(kind);
    blobDir = await mkdtemp(path.join(os.tmpdir(), 'binlens-quota-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  /** An app on the shared database with these quotas; no workers, so scans stay B. */
  const appWith = async (quotas: Quotas) => {
    const app = await buildApp({ composition: compose({ database: testDb.database, blobDir, quotas }) });
    apps.push(app);
    const session = await newSession(app, testDb.database);
    const group = await app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: 'Quota' } });
    const send = (name: string, size: number) => {
      const body = multipart('file', name, Buffer.alloc(size, name.length));
      return app.inject({ method: 'POST', url: `/rest/groups/${group.json<{ id: number }>().id}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
    };
    const scanCount = async () => (await app.inject({ method: 'GET', url: '/rest/scans/', headers: session.headers })).json<{ count: number }>().count;
    return { send, scanCount };
  };

  it("answers 413 naming the user's byte quota once the user's scans would exceed it", async () => {
    const { send, scanCount } = await appWith({ userBytes: 1500, accountBytes: 0, userUploadsPerHour: 0 });
    expect((await send('a.bin', 1000)).statusCode).toBe(201);
    const over = await send('b.bin', 501);
    expect([over.statusCode, over.json()]).toEqual([413, { detail: 'Your storage quota of 1.5 kB is used up.' }]);
    expect((await send('c.bin', 500)).statusCode).toBe(201);
    const full = await send('d.bin', 1);
    expect([full.statusCode, full.json()]).toEqual([413, { detail: 'Your storage quota of 1.5 kB is used up.' }]);
    expect(await scanCount()).toBe(2);
  });

  it("answers 413 naming the account's byte quota, counting every user's scans", async () => {
    // The previous case's user stored 1500 bytes; this user may add 500 more to the account.
    const used = (await testDb.database.db.execute('select sum(size)::int as n from scans')) as unknown as { rows: { n: number }[] };
    expect(used.rows[0]?.n).toBe(1500);
    const { send, scanCount } = await appWith({ userBytes: 0, accountBytes: 2000, userUploadsPerHour: 0 });
    expect((await send('a.bin', 500)).statusCode).toBe(201);
    const over = await send('b.bin', 1);
    expect([over.statusCode, over.json()]).toEqual([413, { detail: "The account's storage quota of 2 kB is used up." }]);
    expect(await scanCount()).toBe(1);
  });

  it('answers 429 naming the hourly upload quota', async () => {
    const { send, scanCount } = await appWith({ userBytes: 0, accountBytes: 0, userUploadsPerHour: 2 });
    expect((await send('a.bin', 1)).statusCode).toBe(201);
    expect((await send('b.bin', 1)).statusCode).toBe(201);
    const third = await send('c.bin', 1);
    expect([third.statusCode, third.json()]).toEqual([429, { detail: 'Your quota of 2 uploads per hour is used up.' }]);
    expect(await scanCount()).toBe(2);
    expect((await readdir(path.join(blobDir, 'tmp'))).length).toBe(0);
  });
});
