import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

describe.each(DATABASES)('group routes on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let admin: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    admin = await newSession(t.app, t.database, ['AU']);
  });
  afterAll(() => t.close());

  const create = (session: TestSession, payload: object) =>
    t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload });

  it('creates a group and makes the creator its manager', async () => {
    const response = await create(alice, { name: 'Firmware', description: 'routers' });
    expect(response.statusCode).toBe(201);
    const group = response.json<{ id: number }>();
    expect(group).toEqual({
      id: group.id,
      name: 'Firmware',
      description: 'routers',
      parent: null,
      search_path: String(group.id),
      favourite: false,
      user_permissions: ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'],
      application_template: [],
    });
    const child = (await create(alice, { name: 'Child', parent: group.id })).json<{ id: number; search_path: string; parent: number }>();
    expect(child.search_path).toBe(`${group.id}.${child.id}`);
    expect(child.parent).toBe(group.id);
  });

  it('answers 400 {name: [...]} for a missing, blank or long name', async () => {
    expect((await create(alice, {})).json()).toEqual({ name: ['This field is required.'] });
    expect((await create(alice, { name: '' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await create(alice, { name: '   ' })).json()).toEqual({ name: ['This field may not be blank.'] });
    const long = await create(alice, { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 255 characters.'] });
  });

  const countRows = async (table: 'groups' | 'audit_events'): Promise<number> => {
    const result = await t.database.db.execute(`select count(*)::int as n from ${table}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  };

  it('answers 400 for a NUL or an unpaired surrogate in any text, and stores nothing', async () => {
    const [groupsBefore, eventsBefore] = [await countRows('groups'), await countRows('audit_events')];
    const message = ['Null characters and unpaired surrogates are not allowed.'];
    for (const name of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
      const response = await create(alice, { name });
      expect([response.statusCode, response.json()], JSON.stringify(name)).toEqual([400, { name: message }]);
    }
    const description = await create(alice, { name: 'ok', description: 'x\u0000' });
    expect([description.statusCode, description.json()]).toEqual([400, { description: message }]);
    const search = await t.app.inject({ method: 'GET', url: '/rest/groups/?q=a%00b', headers: alice.headers });
    expect([search.statusCode, search.json()]).toEqual([400, { q: message }]);
    expect([await countRows('groups'), await countRows('audit_events')]).toEqual([groupsBefore, eventsBefore]);
    // A pair of surrogates is one character (U+1F600) and is stored as it is.
    const emoji = await create(alice, { name: 'smile \ud83d\ude00' });
    expect([emoji.statusCode, emoji.json<{ name: string }>().name]).toEqual([201, 'smile 😀']);
  });

  it('writes neither the group nor its audit event when one fails, and answers 500 without SQL', async () => {
    const before = await countRows('groups');
    await t.database.db.execute('alter table audit_events rename to audit_events_away');
    try {
      const response = await create(alice, { name: 'Doomed' });
      const body = response.json<{ detail: string; error_id: string }>();
      expect([response.statusCode, body]).toEqual([500, { detail: 'An unknown error occured.', error_id: body.error_id }]);
      expect(body.error_id).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      await t.database.db.execute('alter table audit_events_away rename to audit_events');
    }
    expect(await countRows('groups')).toBe(before);
  });

  it('pages the list with absolute-path links', async () => {
    const session = await newSession(t.app, t.database);
    for (const name of ['g-c', 'g-a', 'g-b']) await create(session, { name });
    const first = await t.app.inject({ method: 'GET', url: '/rest/groups/?limit=2', headers: session.headers });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ count: number; results: { name: string }[]; links: object }>();
    expect(page.count).toBe(3);
    expect(page.results.map((g) => g.name)).toEqual(['g-a', 'g-b']);
    expect(page.links).toEqual({ next: '/rest/groups/?limit=2&offset=2', previous: null });
    const second = (await t.app.inject({ method: 'GET', url: '/rest/groups/?limit=2&offset=2', headers: session.headers })).json<typeof page>();
    expect(second.results.map((g) => g.name)).toEqual(['g-c']);
    expect(second.links).toEqual({ next: null, previous: '/rest/groups/?limit=2&offset=0' });
    const searched = (await t.app.inject({ method: 'GET', url: '/rest/groups/?q=B&ordering=-name', headers: session.headers })).json<typeof page>();
    expect(searched.results.map((g) => g.name)).toEqual(['g-b']);
  });

  it('answers 400 for a bad limit or ordering', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/groups/?limit=0&ordering=size', headers: alice.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ limit: ['Ensure this value is greater than or equal to 1.'], ordering: ['Select a valid choice.'] });
  });

  it("hides another user's group: 404, absent from the list, not usable as parent", async () => {
    const group = (await create(alice, { name: 'Private' })).json<{ id: number }>();
    const get = await t.app.inject({ method: 'GET', url: `/rest/groups/${group.id}/`, headers: bob.headers });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ detail: 'Not found.' });
    const list = (await t.app.inject({ method: 'GET', url: '/rest/groups/?limit=500', headers: bob.headers })).json<{ results: { id: number }[] }>();
    expect(list.results.map((g) => g.id)).not.toContain(group.id);
    const child = await create(bob, { name: 'Sneaky', parent: group.id });
    expect(child.statusCode).toBe(400);
    expect(child.json()).toEqual({ parent: ['Invalid pk - object does not exist.'] });
  });

  it('lets an administrator see every group', async () => {
    const group = (await create(alice, { name: 'Seen by admin' })).json<{ id: number }>();
    const get = await t.app.inject({ method: 'GET', url: `/rest/groups/${group.id}/`, headers: admin.headers });
    expect(get.statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', '0', 'abc', '2147483648']) {
      const response = await t.app.inject({ method: 'GET', url: `/rest/groups/${id}/`, headers: alice.headers });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('limits nesting to 35 levels', async () => {
    let parent: number | null = null;
    for (let depth = 1; depth <= 35; depth += 1) {
      const response = await create(alice, { name: `level ${depth}`, parent });
      expect(response.statusCode).toBe(201);
      parent = response.json<{ id: number }>().id;
    }
    const tooDeep = await create(alice, { name: 'level 36', parent });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ parent: ['Groups can be nested at most 35 levels deep.'] });
  });
});
