import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { compose } from '../../composition.ts';
import { DATABASES, openTestDatabase } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

describe.each(DATABASES)('login messages, system status and notices on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let reader: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    reader = await newSession(t.app, t.database, ['RU']);
  });
  afterAll(() => t.close());

  const call = (session: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const events = async (prefix: string) => {
    const result = await t.database.db.execute(`select actor_id, action, level, details from audit_events where object like '${prefix}:%' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };

  it('shows everyone the login messages inside their window; an administrator adds, changes, lists all and removes them, each change audited', async () => {
    const created = await call(admin, 'POST', '/rest/messages/', { text: '  Maintenance on Sunday 02:00-04:00 UTC ', tags: ['maintenance'] });
    const message = created.json<{ id: number; created: string }>();
    expect([created.statusCode, created.json()]).toEqual([201, {
      id: message.id, level: 'info', tags: ['maintenance'], text: 'Maintenance on Sunday 02:00-04:00 UTC', starts_at: null, ends_at: null, created: message.created,
    }]);
    const later = await call(admin, 'POST', '/rest/messages/', { text: 'Next month', level: 'warning', starts_at: '2999-01-01T00:00:00Z' });
    const past = await call(admin, 'POST', '/rest/messages/', { text: 'Over', ends_at: '2000-01-01T00:00:00Z' });
    expect([later.statusCode, past.statusCode]).toEqual([201, 201]);

    const shown = await call(reader, 'GET', '/rest/messages/');
    expect([shown.statusCode, shown.json()]).toEqual([200, { count: 1, results: [created.json()], links: { next: null, previous: null } }]);
    const all = await call(admin, 'GET', '/rest/messages/?all=true');
    expect(all.json<{ results: { text: string }[] }>().results.map((m) => m.text)).toEqual(['Over', 'Next month', 'Maintenance on Sunday 02:00-04:00 UTC']);
    const readerAll = await call(reader, 'GET', '/rest/messages/?all=true');
    expect([readerAll.statusCode, readerAll.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);

    const changed = await call(admin, 'PATCH', `/rest/messages/${message.id}/`, { level: 'error' });
    expect([changed.statusCode, changed.json<{ level: string; text: string }>().level]).toEqual([200, 'error']);
    const same = await call(admin, 'PATCH', `/rest/messages/${message.id}/`, { level: 'error', text: 'Maintenance on Sunday 02:00-04:00 UTC' });
    expect(same.statusCode).toBe(200);
    const removed = await call(admin, 'DELETE', `/rest/messages/${message.id}/`);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect((await call(reader, 'GET', '/rest/messages/')).json<{ count: number }>().count).toBe(0);

    const laterId = later.json<{ id: number }>().id;
    const pastId = past.json<{ id: number }>().id;
    expect(await events('message')).toEqual([
      { actor_id: admin.userId, action: 'message.create', level: 3, details: { level: 'info', text: 'Maintenance on Sunday 02:00-04:00 UTC' } },
      { actor_id: admin.userId, action: 'message.create', level: 3, details: { level: 'warning', text: 'Next month' } },
      { actor_id: admin.userId, action: 'message.create', level: 3, details: { level: 'info', text: 'Over' } },
      { actor_id: admin.userId, action: 'message.update', level: 3, details: { fields: ['level'] } },
      { actor_id: admin.userId, action: 'message.delete', level: 3, details: { text: 'Maintenance on Sunday 02:00-04:00 UTC' } },
    ]);
    await call(admin, 'DELETE', `/rest/messages/${laterId}/`);
    await call(admin, 'DELETE', `/rest/messages/${pastId}/`);
  });

  it('answers 400 at the field for a blank text, a bad level or window, and 404 for an unknown message', async () => {
    const cases: [object, object][] = [
      [{ text: '   ' }, { text: ['This field may not be blank.'] }],
      [{ text: 'x', level: 'critical' }, { level: ['Select a valid choice.'] }],
      [{ text: 'x', starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, { ends_at: ['The end must come after the start.'] }],
      [{}, { text: ['This field is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await call(admin, 'POST', '/rest/messages/', payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload)).toEqual([400, body]);
    }
    const missing = await call(admin, 'PATCH', '/rest/messages/999999/', { text: 'x' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('lets only administrators write messages and status entries: 403 for a read-only user, 401 without a session', async () => {
    const attempts = [
      ['POST', '/rest/messages/', { text: 'x' }],
      ['POST', '/rest/system-status/', { text: 'x' }],
      ['POST', '/rest/notices/', { title: 't', text: 'x' }],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const forbidden = await call(reader, method, url, payload);
      const anonymous = await call(null, method, url, payload);
      expect([url, forbidden.statusCode, anonymous.statusCode]).toEqual([url, 403, 401]);
    }
    expect((await call(null, 'GET', '/rest/system-status/')).statusCode).toBe(401);
  });

  it("reports the server's state first, then the entries administrators set", async () => {
    const entry = await call(admin, 'POST', '/rest/system-status/', { text: 'Upgrade tonight', level: 'warning', tags: ['maintenance'] });
    const { id, created } = entry.json<{ id: string; created: string }>();
    expect([entry.statusCode, entry.json()]).toEqual([201, { id, level: 'warning', tags: ['maintenance'], text: 'Upgrade tonight', source: 'administrator', created }]);

    const status = await call(reader, 'GET', '/rest/system-status/');
    expect([status.statusCode, status.json()]).toEqual([200, [
      {
        id: 'knowledge-base', level: 'warning', tags: ['knowledge-base'], source: 'server', created: null,
        text: 'The vulnerability knowledge base has never been synced: scans show no vulnerabilities until it is.',
      },
      { id: 'scan-queue', level: 'info', tags: ['scans'], text: 'No scans are waiting.', source: 'server', created: null },
      { id, level: 'warning', tags: ['maintenance'], text: 'Upgrade tonight', source: 'administrator', created },
    ]]);

    const removed = await call(admin, 'DELETE', `/rest/system-status/${id}/`);
    const again = await call(admin, 'DELETE', `/rest/system-status/${id}/`);
    expect([removed.statusCode, again.statusCode]).toEqual([204, 404]);
    expect((await call(reader, 'GET', '/rest/system-status/')).json<unknown[]>().length).toBe(2);
    expect(await events('system_status')).toEqual([
      { actor_id: admin.userId, action: 'system_status.create', level: 3, details: { level: 'warning', text: 'Upgrade tonight' } },
      { actor_id: admin.userId, action: 'system_status.delete', level: 3, details: { text: 'Upgrade tonight' } },
    ]);
  });

  it('lists and shows notices on premises', async () => {
    const created = await call(admin, 'POST', '/rest/notices/', { title: 'Version 2.4', text: 'Release notes ...' });
    const notice = created.json<{ id: number; created: string }>();
    expect([created.statusCode, created.json()]).toEqual([201, { id: notice.id, level: 'info', title: 'Version 2.4', text: 'Release notes ...', created: notice.created }]);
    const list = await call(reader, 'GET', '/rest/notices/');
    expect([list.statusCode, list.json()]).toEqual([200, { count: 1, results: [created.json()], links: { next: null, previous: null } }]);
    const one = await call(reader, 'GET', `/rest/notices/${notice.id}/`);
    expect([one.statusCode, one.json()]).toEqual([200, created.json()]);
    const unknown = await call(reader, 'GET', '/rest/notices/999999/');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await call(admin, 'DELETE', `/rest/notices/${notice.id}/`)).statusCode).toBe(204);
    expect((await call(reader, 'GET', `/rest/notices/${notice.id}/`)).statusCode).toBe(404);
  });
});

describe.each(DATABASES)('notices of a hosted deployment on %s', (kind) => {
  it('answers 404 for every notice call', async () => {
    const testDb = await openTestDatabase(kind);
    const blobDir = await mkdtemp(path.join(os.tmpdir(), 'binlens-blobs-'));
    const app = await buildApp({ composition: compose({ database: testDb.database, blobDir, queue: false, deployment: 'hosted' }) });
    try {
      const admin = await newSession(app, testDb.database, ['AU']);
      await testDb.database.db.execute(`insert into announcements (kind, title, text) values ('notice', 'Kept', 'Not shown')`);
      const calls = [
        app.inject({ method: 'GET', url: '/rest/notices/', headers: admin.headers }),
        app.inject({ method: 'GET', url: '/rest/notices/1/', headers: admin.headers }),
        app.inject({ method: 'POST', url: '/rest/notices/', headers: admin.headers, payload: { title: 't', text: 'x' } }),
        app.inject({ method: 'DELETE', url: '/rest/notices/1/', headers: admin.headers }),
      ];
      expect((await Promise.all(calls)).map((response) => [response.statusCode, response.json()])).toEqual(Array(4).fill([404, { detail: 'Not found.' }]));
    } finally {
      await app.close();
      await testDb.dispose();
      await rm(blobDir, { recursive: true, force: true });
    }
  });
});
