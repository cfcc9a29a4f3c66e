import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface FeedBody {
  count: number;
  results: { id: number; at: string; level: number; action: string; actor: { id: number; email: string } | null; object: string; content_type: number | null; object_id: number | null; details: object }[];
  links: { next: string | null; previous: string | null };
}

describe.each(DATABASES)('audit feeds and content types on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let admin: TestSession;
  let carol: TestSession;
  let groupId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Fed' } })).json<{ id: number }>().id;
    await t.app.inject({ method: 'PATCH', url: `/rest/groups/${groupId}/`, headers: alice.headers, payload: { description: 'Firmware' } });
    await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/custom_data/`, headers: alice.headers, payload: { key: 'OWNER', value: 'net' } });
    await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: bob.headers, payload: { name: 'Elsewhere' } });
    carol = await newSession(t.app, t.database);
    await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: alice.headers, payload: { group_id: groupId, user_id: carol.userId, role: 'GU' } });
  });
  afterAll(() => t.close());

  const get = (session: TestSession | null, url: string) => t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });

  it("shows a group's changes newest first to those who see it, filtered by level and paged", async () => {
    const feed = await get(carol, `/rest/groups/${groupId}/events/`);
    const body = feed.json<FeedBody>();
    const by = { id: alice.userId, email: alice.email };
    expect(feed.statusCode).toBe(200);
    expect(body.results.map((e) => [e.action, e.level, e.actor, e.object, e.content_type, e.object_id])).toEqual([
      ['group_membership.create', 3, by, `group:${groupId}`, 3, groupId],
      ['group.custom_data.create', 2, by, `group:${groupId}`, 3, groupId],
      ['group.update', 2, by, `group:${groupId}`, 3, groupId],
      ['group.create', 2, by, `group:${groupId}`, 3, groupId],
    ]);
    expect(body.results[3]?.details).toEqual({ name: 'Fed', parent: null });
    expect([body.count, body.links]).toEqual([4, { next: null, previous: null }]);

    const level2 = (await get(alice, `/rest/groups/${groupId}/events/?level=2`)).json<FeedBody>();
    expect(level2.results.map((e) => e.action)).toEqual(['group.custom_data.create', 'group.update', 'group.create']);
    const atLeast3 = (await get(alice, `/rest/groups/${groupId}/events/?level__gte=3`)).json<FeedBody>();
    expect([atLeast3.count, atLeast3.results.map((e) => e.action)]).toEqual([1, ['group_membership.create']]);

    const page = (await get(alice, `/rest/groups/${groupId}/events/?limit=1`)).json<FeedBody>();
    expect([page.results.length, page.links.next]).toEqual([1, `/rest/groups/${groupId}/events/?limit=1&offset=1`]);
  });

  it("shows the uploads of the group's scans in its feed", async () => {
    const body = multipart('file', 'fw.bin', findingsFile({}));
    const scanId = (await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
    const [latest] = (await get(alice, `/rest/groups/${groupId}/events/?limit=1`)).json<FeedBody>().results;
    expect([latest?.action, latest?.object, latest?.content_type, latest?.object_id]).toEqual(['scan.create', `scan:${scanId}`, 4, scanId]);
  });

  it("shows a scan's own events, newest first, to those who see its group", async () => {
    const body = multipart('file', 'router.bin', findingsFile({}));
    const scanId = (await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload })).json<{ id: number }>().id;
    await t.app.inject({ method: 'POST', url: '/rest/comments/', headers: alice.headers, payload: { product: scanId, comment: 'Vendor asked' } });
    const feed = await get(carol, `/rest/scans/${scanId}/events/`);
    const events = feed.json<FeedBody>();
    expect(feed.statusCode).toBe(200);
    expect(events.results.map((e) => [e.action, e.level, e.object, e.object_id])).toEqual([
      ['comment.create', 1, `scan:${scanId}`, scanId],
      ['scan.create', 2, `scan:${scanId}`, scanId],
    ]);
    expect(events.results[1]?.details).toMatchObject({ group: groupId, filename: 'router.bin' });
    expect((await get(alice, `/rest/scans/${scanId}/events/?level=2`)).json<FeedBody>().results.map((e) => e.action)).toEqual(['scan.create']);
    const unseen = await get(bob, `/rest/scans/${scanId}/events/`);
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await get(null, `/rest/scans/${scanId}/events/`)).statusCode).toBe(401);
  });

  it('answers 404 for a group the caller cannot see and 400 for a level outside 1-5', async () => {
    const unseen = await get(bob, `/rest/groups/${groupId}/events/`);
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { detail: 'Not found.' }]);
    const badLevel = await get(alice, `/rest/groups/${groupId}/events/?level=6`);
    expect([badLevel.statusCode, badLevel.json()]).toEqual([400, { level: ['Ensure this value is less than or equal to 5.'] }]);
  });

  it("shows the account's feed to administrators only", async () => {
    const feed = await get(admin, '/rest/audit-events/?limit=500');
    const actions = feed.json<FeedBody>().results.map((e) => e.action);
    expect(feed.statusCode).toBe(200);
    expect(actions.filter((a) => a.startsWith('group'))).toEqual(['group_membership.create', 'group.create', 'group.custom_data.create', 'group.update', 'group.create']);
    const refused = await get(alice, '/rest/audit-events/');
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect((await get(null, '/rest/audit-events/')).statusCode).toBe(401);
  });

  it('answers the same feed at /api/audit-trail/ in the public envelope, to administrators only', async () => {
    const rest = (await get(admin, '/rest/audit-events/?limit=2&level__gte=1')).json<FeedBody>();
    const trail = await get(admin, '/api/audit-trail/?limit=2&level__gte=1');
    expect(trail.statusCode).toBe(200);
    const body = trail.json<{ meta: { code: number }; results: FeedBody & { links: { next: string | null; previous: string | null } } }>();
    expect(body.meta).toEqual({ code: 200 });
    expect(body.results.results).toEqual(rest.results);
    expect(body.results.links).toEqual({ next: '/api/audit-trail/?level__gte=1&limit=2&offset=2', previous: null });
    const refused = await get(alice, '/api/audit-trail');
    expect([refused.statusCode, refused.json()]).toEqual([403, { meta: { code: 403 }, detail: 'You do not have permission to perform this action.' }]);
    const anonymous = await get(null, '/api/audit-trail');
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Authentication credentials were not provided.' }]);
  });

  it('lists the content types with stable ids', async () => {
    const types = await get(alice, '/rest/content-type/');
    expect([types.statusCode, types.json()]).toEqual([200, [
      { id: 1, model: 'company', name: 'Company account' },
      { id: 2, model: 'user', name: 'User' },
      { id: 3, model: 'group', name: 'Group' },
      { id: 4, model: 'scan', name: 'Application' },
      { id: 5, model: 'api_key', name: 'API key' },
      { id: 6, model: 'api_key_network', name: 'API key network' },
      { id: 7, model: 'session', name: 'Session' },
      { id: 8, model: 'knowledge_base', name: 'Vulnerability knowledge base' },
      { id: 9, model: 'message', name: 'Login message' },
      { id: 10, model: 'system_status', name: 'System status entry' },
      { id: 11, model: 'notice', name: 'Notice' },
      { id: 12, model: 'triage', name: 'Triage' },
    ]]);
  });
});
