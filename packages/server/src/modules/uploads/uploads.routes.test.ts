import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, openTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { login, newSession, type TestSession } from '../../../test/login.ts';
import { buildApp } from '../../app.ts';
import { compose } from '../../composition.ts';
import { groupMemberships } from '../../db/schema/index.ts';

const CAP = 1_000_000;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const bytes = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 251));

describe.each(DATABASES)('resumable uploads on %s', (kind) => {
  let testDb: TestDatabase;
  let blobDir: string;
  let app: FastifyInstance;
  let alice: TestSession;
  let admin: TestSession;
  let groupId: number;

  // A server on the same database and directories, as after a restart.
  const start = async () => {
    app = await buildApp({ composition: compose({ database: testDb.database, blobDir, maxUploadBytes: CAP, engine: fakeEngine() }) });
    await app.ready();
  };

  beforeAll(async () => {
    testDb = await openTestDatabase(kind);
    blobDir = await mkdtemp(path.join(os.tmpdir(), 'binlens-resumable-'));
    await start();
    alice = await newSession(app, testDb.database);
    admin = await newSession(app, testDb.database, ['AU']);
    const group = await app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Firmware' } });
    groupId = group.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  const tus = { 'tus-resumable': '1.0.0' };
  const create = (session: TestSession, length: number, metadata = `filename ${b64('fw.bin')},group ${b64(String(groupId))}`) =>
    app.inject({ method: 'POST', url: '/rest/uploads/', headers: { ...session.headers, ...tus, 'upload-length': String(length), 'upload-metadata': metadata } });
  const patch = (session: TestSession, location: string, offset: number, body: Buffer) =>
    app.inject({
      method: 'PATCH',
      url: location,
      headers: { ...session.headers, ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      payload: body,
    });
  const head = (session: TestSession, location: string) => app.inject({ method: 'HEAD', url: location, headers: { ...session.headers, ...tus } });
  const scanNames = async () => {
    const list = await app.inject({ method: 'GET', url: `/rest/scans/?group=${groupId}`, headers: alice.headers });
    return list.json<{ results: { name: string }[] }>().results.map((scan) => scan.name);
  };
  const storedParts = async () => (await readdir(path.join(blobDir, 'uploads')).catch(() => [])).filter((name) => name.endsWith('.part')).length;

  it('keeps a half upload across a restart, resumes it at the offset HEAD answers and makes the scan only at the last byte', async () => {
    const file = bytes(300_000);
    const created = await create(alice, file.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/rest\/uploads\/[0-9a-f]{32}$/);

    const first = await patch(alice, location, 0, file.subarray(0, 150_000));
    expect([first.statusCode, first.headers['upload-offset'], first.headers['binlens-scan-id']]).toEqual([204, '150000', undefined]);
    expect(await scanNames()).toEqual([]);

    await app.close();
    await start();

    const status = await head(alice, location);
    expect([status.statusCode, status.headers['upload-offset'], status.headers['upload-length'], status.headers['cache-control']]).toEqual([
      200,
      '150000',
      '300000',
      'no-store',
    ]);
    const wrong = await patch(alice, location, 100_000, file.subarray(100_000));
    expect([wrong.statusCode, wrong.json()]).toEqual([409, { detail: 'Upload-Offset is not where the upload stands: ask with HEAD and resume from there.' }]);
    expect(await scanNames()).toEqual([]);

    const last = await patch(alice, location, 150_000, file.subarray(150_000));
    expect([last.statusCode, last.headers['upload-offset']]).toEqual([204, '300000']);
    const scanId = Number(last.headers['binlens-scan-id']);
    const scan = await app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: alice.headers });
    expect(scan.json()).toMatchObject({ id: scanId, group: groupId, name: 'fw.bin', size: 300_000, status: 'B' });
    expect(await scanNames()).toEqual(['fw.bin']);
    expect(await storedParts()).toBe(0);

    // A client that lost the last answer asks again and learns the scan.
    const again = await head(alice, location);
    expect([again.headers['upload-offset'], again.headers['binlens-scan-id']]).toEqual(['300000', String(scanId)]);
  });

  it('keeps the bytes of a PATCH whose connection is cut half-way, and the upload stays resumable', async () => {
    const file = bytes(200_000);
    const location = String((await create(alice, file.length)).headers.location);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: { ...alice.headers, ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0', 'content-length': String(file.length) },
      });
      request.on('error', () => resolve());
      request.write(file.subarray(0, 80_000), () => setTimeout(() => request.destroy(), 200));
    });
    // The server notices the cut when its socket closes; HEAD tells once the writer let go.
    let offset = '';
    for (let tries = 0; tries < 100 && offset !== '80000'; tries += 1) {
      offset = String((await head(alice, location)).headers['upload-offset']);
      if (offset !== '80000') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe('80000');
    expect(await scanNames()).toEqual(['fw.bin']);
    const resumed = await patch(alice, location, 80_000, file.subarray(80_000));
    expect([resumed.statusCode, resumed.headers['upload-offset']]).toEqual([204, '200000']);
    expect(Number(resumed.headers['binlens-scan-id'])).toBeGreaterThan(0);
  });

  it('answers the upload limit from the settings and refuses a larger Upload-Length at creation, multipart too', async () => {
    const limit = async () => (await app.inject({ method: 'GET', url: '/rest/uploads/limit/', headers: alice.headers })).json();
    expect(await limit()).toEqual({ max_upload_bytes: CAP });
    const set = await app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { max_upload_bytes: 1000 } });
    expect(set.statusCode).toBe(200);
    try {
      expect(await limit()).toEqual({ max_upload_bytes: 1000 });
      const refused = await create(alice, 1001);
      expect([refused.statusCode, refused.json()]).toEqual([413, { detail: 'The file is larger than the upload limit.' }]);
      expect((await create(alice, 1000)).statusCode).toBe(201);
      const body = multipart('file', 'big.bin', bytes(1001));
      const multipartUpload = await app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
      expect([multipartUpload.statusCode, multipartUpload.json()]).toEqual([413, { detail: 'The file is larger than the upload limit.' }]);
    } finally {
      await app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { max_upload_bytes: null } });
    }
    const aboveCap = await create(alice, CAP + 1);
    expect(aboveCap.statusCode).toBe(413);
  });

  it('refuses a group the user cannot see (404) or cannot upload to (403) before storing anything', async () => {
    const parts = await storedParts();
    const bob = await newSession(app, testDb.database);
    const unseen = await create(bob, 10);
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { detail: 'Not found.' }]);

    const reader = await newSession(app, testDb.database, ['RU']);
    await testDb.database.db.insert(groupMemberships).values({ groupId, userId: reader.userId, role: 'GU' });
    const readOnly = await create(reader, 10);
    expect([readOnly.statusCode, readOnly.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect(await storedParts()).toBe(parts);

    const noGroup = await create(alice, 10, `filename ${b64('a.bin')}`);
    expect([noGroup.statusCode, noGroup.json()]).toEqual([
      400,
      { detail: 'Upload-Metadata must name the file (filename) and the group (group), each base64-encoded.' },
    ]);
  });

  it("hides an upload from everyone but its creator, refuses bytes past Upload-Length and removes it on termination", async () => {
    const created = await create(alice, 10);
    const location = String(created.headers.location);
    const bob = await newSession(app, testDb.database);
    expect((await head(bob, location)).statusCode).toBe(404);
    expect((await patch(bob, location, 0, bytes(5))).statusCode).toBe(404);

    const tooMany = await patch(alice, location, 0, bytes(11));
    expect([tooMany.statusCode, tooMany.json()]).toEqual([400, { detail: 'The request carries more bytes than the upload declared in Upload-Length.' }]);
    expect((await head(alice, location)).headers['upload-offset']).toBe('0');

    const plain = await app.inject({ method: 'PATCH', url: location, headers: { ...alice.headers, ...tus, 'content-type': 'application/octet-stream', 'upload-offset': '0' }, payload: bytes(5) });
    expect(plain.statusCode).toBe(415);
    const oldVersion = await app.inject({ method: 'HEAD', url: location, headers: { ...alice.headers, 'tus-resumable': '0.2.2' } });
    expect(oldVersion.statusCode).toBe(200);
    const oldCreate = await app.inject({ method: 'POST', url: '/rest/uploads/', headers: { ...alice.headers, 'tus-resumable': '0.2.2', 'upload-length': '5' } });
    expect([oldCreate.statusCode, oldCreate.headers['tus-version']]).toEqual([412, '1.0.0']);

    const removed = await app.inject({ method: 'DELETE', url: location, headers: { ...alice.headers, ...tus } });
    expect(removed.statusCode).toBe(204);
    expect((await head(alice, location)).statusCode).toBe(404);
  });

  it('asks for the CSRF token of a signed-in browser', async () => {
    const session = await login(app, alice.email, 'correct horse battery staple');
    const response = await app.inject({
      method: 'POST',
      url: '/rest/uploads/',
      headers: { cookie: session.headers.cookie, ...tus, 'upload-length': '5', 'upload-metadata': `filename ${b64('a')},group ${b64(String(groupId))}` },
    });
    expect([response.statusCode, response.json()]).toEqual([403, { detail: 'CSRF token missing or incorrect.' }]);
  });

  it('removes uploads created more than a day ago, complete or not', async () => {
    const fresh = String((await create(alice, 10)).headers.location).split('/').pop() ?? '';
    const stale = String((await create(alice, 10)).headers.location).split('/').pop() ?? '';
    const infoFile = path.join(blobDir, 'uploads', `${stale}.json`);
    const info = JSON.parse(await readFile(infoFile, 'utf8')) as { created: string };
    await writeFile(infoFile, JSON.stringify({ ...info, created: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    // A part left without its info (a crash during creation) goes by its file's age.
    const orphan = path.join(blobDir, 'uploads', `${'a'.repeat(32)}.part`);
    await writeFile(orphan, 'x');
    const old = new Date(Date.now() - 25 * 3600_000);
    await utimes(orphan, old, old);

    await app.close();
    await start();

    const left = await readdir(path.join(blobDir, 'uploads'));
    expect(left.some((name) => name.startsWith(stale))).toBe(false);
    expect(left.some((name) => name.startsWith('a'.repeat(32)))).toBe(false);
    expect(left.filter((name) => name.startsWith(fresh)).sort()).toEqual([`${fresh}.json`, `${fresh}.part`]);
  });
});
