import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface CommentBody {
  id: number;
  url: string;
  product: number;
  comment: string;
  author: number | null;
  author_name: string | null;
  created: string;
}

describe.each(DATABASES)('comment routes on %s', (kind) => {
  let t: TestApp;
  let manager: TestSession;
  let member: TestSession;
  let reader: TestSession;
  let outsider: TestSession;
  let scanId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { engine: fakeEngine() });
    manager = await newSession(t.app, t.database);
    member = await newSession(t.app, t.database);
    reader = await newSession(t.app, t.database, ['RU']);
    outsider = await newSession(t.app, t.database);
    const groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: manager.headers, payload: { name: 'Apps' } })).json<{ id: number }>().id;
    for (const session of [member, reader]) {
      await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: manager.headers, payload: { group_id: groupId, user_id: session.userId, role: 'GU' } });
    }
    const body = multipart('file', 'app.tar', findingsFile({}));
    scanId = (await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...manager.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
  }, 60_000);
  afterAll(() => t.close());

  const call = (session: TestSession, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  it('adds, lists and removes comments on a scan', async () => {
    const created = await call(member, 'POST', '/rest/comments/', { product: scanId, comment: '  Checked with the vendor.  ' });
    expect(created.statusCode).toBe(201);
    const comment = created.json<CommentBody>();
    const username = (await call(member, 'GET', '/rest/users/me/')).json<{ username: string }>().username;
    expect(comment).toEqual({
      id: comment.id,
      url: `/rest/comments/${comment.id}/`,
      product: scanId,
      comment: 'Checked with the vendor.',
      author: member.userId,
      author_name: username,
      created: comment.created,
    });
    const second = (await call(manager, 'POST', '/rest/comments/', { product: scanId, comment: 'Second.' })).json<CommentBody>();

    const list = await call(reader, 'GET', `/rest/comments/?product=${scanId}`);
    expect(list.json()).toEqual({ count: 2, results: [comment, second], links: { next: null, previous: null } });

    // A member removes their own comment, not a manager's; the manager removes anyone's.
    expect((await call(member, 'DELETE', `/rest/comments/${second.id}/`)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/rest/comments/${comment.id}/`)).statusCode).toBe(204);
    expect((await call(manager, 'DELETE', `/rest/comments/${second.id}/`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/rest/comments/?product=${scanId}`)).json()).toEqual({ count: 0, results: [], links: { next: null, previous: null } });
    const audit = (await t.database.db.execute(`select action from audit_events where action like 'comment.%' order by id`)) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['comment.create', 'comment.create', 'comment.delete', 'comment.delete']);
  });

  it('refuses blank comments, unknown fields, read-only users and outsiders', async () => {
    const blank = await call(member, 'POST', '/rest/comments/', { product: scanId, comment: '   ' });
    expect([blank.statusCode, blank.json()]).toEqual([400, { comment: ['This field may not be blank.'] }]);
    const unknown = await call(member, 'POST', '/rest/comments/', { product: scanId, comment: 'x', author: 1 });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { author: ['Unknown field: it cannot be set here.'] }]);
    expect((await call(reader, 'POST', '/rest/comments/', { product: scanId, comment: 'x' })).statusCode).toBe(403);
    const hidden = await call(outsider, 'GET', `/rest/comments/?product=${scanId}`);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Not found.' }]);
    const mine = (await call(manager, 'POST', '/rest/comments/', { product: scanId, comment: 'Kept.' })).json<CommentBody>();
    expect((await call(outsider, 'DELETE', `/rest/comments/${mine.id}/`)).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', '/rest/comments/2147483647/')).statusCode).toBe(404);
  });
});
