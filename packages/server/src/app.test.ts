import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.ts';
import { DATABASES } from '../test/databases.ts';
import { multipart } from '../test/files.ts';
import { newSession, type TestSession } from '../test/login.ts';

describe.each(DATABASES)('app on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  let session: TestSession;
  let groupId: number;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'binlens-web-'));
    await mkdir(path.join(webDist, 'static'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Binlens</title>');
    await writeFile(path.join(webDist, 'static', 'app-1234.js'), 'console.log(1)');
    t = await startTestApp(kind, { webDist, maxUploadBytes: 10 });
    session = await newSession(t.app, t.database);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: 'g' } })).json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves the web app with SPA fallback and long-cached static assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/groups/12/scans' });
    expect([page.statusCode, page.body, page.headers['cache-control']]).toEqual([200, '<!doctype html><title>Binlens</title>', 'no-cache']);
    const asset = await t.app.inject({ method: 'GET', url: '/static/app-1234.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    const missingAsset = await t.app.inject({ method: 'GET', url: '/static/gone.js' });
    expect(missingAsset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/rest/nothing/', headers: session.headers });
    expect([api.statusCode, api.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('refuses an upload over the size limit with 413 and creates no scan', async () => {
    const body = multipart('file', 'big.bin', Buffer.alloc(11, 1));
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...session.headers, ...body.headers }, payload: body.payload });
    expect([response.statusCode, response.json()]).toEqual([413, { detail: 'The file is larger than the upload limit.' }]);
    const scans = await t.app.inject({ method: 'GET', url: '/rest/scans/', headers: session.headers });
    expect(scans.json<{ count: number }>().count).toBe(0);
  });

  it('answers a body that is not JSON with 400 {detail}, not an empty field-error object', async () => {
    const headers = { ...session.headers, 'content-type': 'application/json' };
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers, payload: '{bad' });
    expect([response.statusCode, response.json()]).toEqual([400, { detail: "Body is not valid JSON but content-type is set to 'application/json'" }]);
  });

  it('requires the CSRF token for uploads', async () => {
    const body = multipart('file', 'a.bin', Buffer.from('a'));
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { cookie: session.headers.cookie, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(403);
  });

  it('writes an audit event for each mutating action', async () => {
    const result = await t.database.db.execute('select action, level from audit_events order by id');
    const rows = (result as unknown as { rows: { action: string; level: number }[] }).rows;
    expect(rows).toEqual([
      { action: 'auth.login', level: 1 },
      { action: 'group.create', level: 2 },
    ]);
  });
});
