import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface GroupBody {
  id: number;
  name: string;
  parent: number | null;
  search_path: string;
  favourite: boolean;
}

const MANAGER = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];

describe.each(DATABASES)('group favourites on %s', (kind) => {
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

  const create = async (session: TestSession, payload: object): Promise<GroupBody> => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload });
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json<GroupBody>();
  };
  const favourite = (session: TestSession, method: 'POST' | 'DELETE', id: number) =>
    t.app.inject({ method, url: `/rest/groups/${id}/set-favourite/`, headers: session.headers });
  const names = async (session: TestSession, query: string) =>
    (await t.app.inject({ method: 'GET', url: `/rest/groups/?${query}`, headers: session.headers })).json<{ count: number; results: GroupBody[] }>().results.map((g) => [g.name, g.favourite]);
  const events = async (id: number) => {
    const result = await t.database.db.execute(`select actor_id, action, level from audit_events where object = 'group:${id}' and action like 'group.%favourite' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };

  it('marks and unmarks a favourite per user, idempotently, with one audit event per change', async () => {
    const group = await create(alice, { name: 'Cameras' });
    const marked = await favourite(alice, 'POST', group.id);
    expect([marked.statusCode, marked.json()]).toEqual([200, {
      id: group.id, name: 'Cameras', description: '', parent: null, search_path: String(group.id), favourite: true, user_permissions: MANAGER, application_template: [],
    }]);
    expect((await favourite(alice, 'POST', group.id)).json<GroupBody>().favourite).toBe(true);
    const read = await t.app.inject({ method: 'GET', url: `/rest/groups/${group.id}/`, headers: alice.headers });
    expect(read.json<GroupBody>().favourite).toBe(true);
    // Another user's view of the same group: not their favourite.
    const adminRead = await t.app.inject({ method: 'GET', url: `/rest/groups/${group.id}/`, headers: admin.headers });
    expect(adminRead.json<GroupBody>().favourite).toBe(false);

    const unmarked = await favourite(alice, 'DELETE', group.id);
    expect([unmarked.statusCode, unmarked.json<GroupBody>().favourite]).toEqual([200, false]);
    expect((await favourite(alice, 'DELETE', group.id)).json<GroupBody>().favourite).toBe(false);
    expect(await events(group.id)).toEqual([
      { actor_id: alice.userId, action: 'group.favourite', level: 1 },
      { actor_id: alice.userId, action: 'group.unfavourite', level: 1 },
    ]);
  });

  it('lists only the favourites with ?favourite=true, subgroups seen through a membership above included', async () => {
    const carol = await newSession(t.app, t.database);
    const top = await create(carol, { name: 'Top' });
    const child = await create(carol, { name: 'Child', parent: top.id });
    await create(carol, { name: 'Plain' });
    await favourite(carol, 'POST', child.id);
    await favourite(carol, 'POST', top.id);
    expect(await names(carol, 'favourite=true')).toEqual([['Child', true], ['Top', true]]);
    expect(await names(carol, 'favourite=false')).toEqual([['Plain', false]]);
    expect(await names(carol, 'favourite=true&parent=' + top.id)).toEqual([['Child', true]]);
    const bad = await t.app.inject({ method: 'GET', url: '/rest/groups/?favourite=maybe', headers: carol.headers });
    expect([bad.statusCode, bad.json()]).toEqual([400, { favourite: ['Must be a valid boolean.'] }]);
  });

  it('drops a favourite from the list once its group is no longer visible', async () => {
    const dave = await newSession(t.app, t.database);
    const group = await create(alice, { name: 'Lent' });
    await t.database.db.execute(`insert into group_memberships (group_id, user_id, role) values (${group.id}, ${dave.userId}, 'GU')`);
    // A member (view_appcheckgroup, not change_appcheckgroup) may mark it too.
    const marked = await favourite(dave, 'POST', group.id);
    expect([marked.statusCode, marked.json<GroupBody>().favourite]).toEqual([200, true]);
    expect(await names(dave, 'favourite=true')).toEqual([['Lent', true]]);
    await t.database.db.execute(`delete from group_memberships where group_id = ${group.id} and user_id = ${dave.userId}`);
    expect(await names(dave, 'favourite=true')).toEqual([]);
  });

  it("answers 404 for another user's group, 401 without a session, and writes nothing", async () => {
    const group = await create(alice, { name: 'Private' });
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await favourite(bob, method, group.id);
      expect([response.statusCode, response.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/rest/groups/${group.id}/set-favourite/` });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    const missing = await favourite(alice, 'POST', 2147483647);
    expect([missing.statusCode, missing.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect(await events(group.id)).toEqual([]);
    const rows = await t.database.db.execute(`select count(*)::int as n from group_favourites where group_id = ${group.id}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
  });
});
