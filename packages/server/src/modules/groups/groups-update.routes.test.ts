import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface GroupBody {
  id: number;
  name: string;
  description: string;
  parent: number | null;
  search_path: string;
}

describe.each(DATABASES)('changing groups on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
  });
  afterAll(() => t.close());

  const create = async (session: TestSession, payload: object): Promise<GroupBody> => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload });
    if (response.statusCode !== 201) throw new Error(`create ${JSON.stringify(payload)}: ${response.statusCode} ${response.body}`);
    return response.json<GroupBody>();
  };
  const patch = (session: TestSession, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/rest/groups/${id}/`, headers: session.headers, payload });
  const get = async (id: number): Promise<GroupBody> => (await t.app.inject({ method: 'GET', url: `/rest/groups/${id}/`, headers: alice.headers })).json<GroupBody>();
  const events = async (id: number) => {
    const result = await t.database.db.execute(`select action, details from audit_events where object = 'group:${id}' order by id`);
    return (result as unknown as { rows: { action: string; details: unknown }[] }).rows;
  };

  it('changes only the fields sent, and writes one audit event with each change', async () => {
    const group = await create(alice, { name: 'Routers', description: 'home' });
    const response = await patch(alice, group.id, { description: 'home and office' });
    expect([response.statusCode, response.json<GroupBody>()]).toEqual([200, { ...group, description: 'home and office' }]);
    expect(await events(group.id)).toEqual([
      { action: 'group.create', details: { name: 'Routers', parent: null } },
      { action: 'group.update', details: { description: ['home', 'home and office'] } },
    ]);
  });

  it('changes nothing and writes no event for a body equal to the group, or empty', async () => {
    const group = await create(alice, { name: 'Switches', description: 'core' });
    for (const body of [{}, { name: 'Switches' }, { name: '  Switches ', description: 'core', parent: null }]) {
      const response = await patch(alice, group.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
    }
    expect((await events(group.id)).map((e) => e.action)).toEqual(['group.create']);
  });

  it('refuses a second group of the same name in one place, whatever its case', async () => {
    const parent = await create(alice, { name: 'Products' });
    await create(alice, { name: 'Camera', parent: parent.id });
    const twin = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'CAMERA', parent: parent.id } });
    expect([twin.statusCode, twin.json()]).toEqual([400, { name: ['A group of this name already exists in this place.'] }]);
    const elsewhere = await create(alice, { name: 'Camera' });
    const renamed = await create(alice, { name: 'Doorbell', parent: parent.id });
    expect((await patch(alice, renamed.id, { name: 'camera' })).json()).toEqual({ name: ['A group of this name already exists in this place.'] });
    expect((await patch(alice, elsewhere.id, { parent: parent.id })).json()).toEqual({ name: ['A group of this name already exists in this place.'] });
    expect([(await get(renamed.id)).name, (await get(elsewhere.id)).parent]).toEqual(['Doorbell', null]);
  });

  it("takes a name another user's unseen group has at the top level: it says nothing of that group", async () => {
    await create(bob, { name: 'Shared name' });
    const own = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'shared NAME' } });
    expect(own.statusCode).toBe(201);
  });

  it('moves a group with its subtree, rewriting every search path below it', async () => {
    const a = await create(alice, { name: 'A' });
    const b = await create(alice, { name: 'B', parent: a.id });
    const c = await create(alice, { name: 'C', parent: b.id });
    const target = await create(alice, { name: 'Target' });
    const moved = await patch(alice, b.id, { parent: target.id });
    expect([moved.statusCode, moved.json<GroupBody>().search_path]).toEqual([200, `${target.id}.${b.id}`]);
    expect((await get(c.id)).search_path).toBe(`${target.id}.${b.id}.${c.id}`);
    const depths = await t.database.db.execute(`select id, depth from groups where id in (${b.id}, ${c.id}) order by id`);
    expect((depths as unknown as { rows: unknown[] }).rows).toEqual([{ id: b.id, depth: 2 }, { id: c.id, depth: 3 }]);
    const top = await patch(alice, b.id, { parent: null });
    expect([top.json<GroupBody>().search_path, (await get(c.id)).search_path]).toEqual([String(b.id), `${b.id}.${c.id}`]);
    expect((await events(b.id)).at(-1)).toEqual({ action: 'group.update', details: { parent: [target.id, null] } });
  });

  it('lists the subgroups of a group with ?parent=', async () => {
    const top = await create(alice, { name: 'Family' });
    await create(alice, { name: 'Kid 2', parent: top.id });
    const kid = await create(alice, { name: 'Kid 1', parent: top.id });
    await create(alice, { name: 'Grandkid', parent: kid.id });
    const list = (await t.app.inject({ method: 'GET', url: `/rest/groups/?parent=${top.id}`, headers: alice.headers })).json<{ count: number; results: GroupBody[] }>();
    expect([list.count, list.results.map((g) => g.name)]).toEqual([2, ['Kid 1', 'Kid 2']]);
    const hidden = (await t.app.inject({ method: 'GET', url: `/rest/groups/?parent=${top.id}`, headers: bob.headers })).json<{ count: number }>();
    expect(hidden.count).toBe(0);
  });

  it('refuses a cycle through parent, and changes nothing', async () => {
    const a = await create(alice, { name: 'Loop A' });
    const b = await create(alice, { name: 'Loop B', parent: a.id });
    for (const parent of [a.id, b.id]) {
      const response = await patch(alice, a.id, { parent });
      expect([response.statusCode, response.json()]).toEqual([400, { parent: ['A group cannot be moved into itself or one of its subgroups.'] }]);
    }
    expect([(await get(a.id)).search_path, (await get(b.id)).search_path]).toEqual([String(a.id), `${a.id}.${b.id}`]);
  });

  it('refuses a parent that is not a positive integer instead of reading it as none', async () => {
    const a = await create(alice, { name: 'Zero A' });
    const b = await create(alice, { name: 'Zero B', parent: a.id });
    for (const parent of [0, -1, 2147483648]) {
      const response = await patch(alice, b.id, { parent });
      expect([response.statusCode, Object.keys(response.json())], String(parent)).toEqual([400, ['parent']]);
    }
    expect((await get(b.id)).parent).toBe(a.id);
  });

  it('refuses a move that would nest the subtree deeper than 35 levels', async () => {
    let parent: number | null = null;
    const chain: number[] = [];
    for (let depth = 1; depth <= 34; depth += 1) {
      parent = (await create(alice, { name: `deep ${depth}`, parent })).id;
      chain.push(parent);
    }
    const pair = await create(alice, { name: 'pair' });
    await create(alice, { name: 'pair child', parent: pair.id });
    const response = await patch(alice, pair.id, { parent: chain.at(-1) });
    expect([response.statusCode, response.json()]).toEqual([400, { parent: ['Groups can be nested at most 35 levels deep.'] }]);
    const fits = await patch(alice, pair.id, { parent: chain.at(-2) });
    expect([fits.statusCode, fits.json<GroupBody>().search_path]).toEqual([200, `${chain.slice(0, 33).join('.')}.${pair.id}`]);
  });

  it("answers 404 for another user's group and 400 for another user's group as parent", async () => {
    const own = await create(alice, { name: 'Mine' });
    const theirs = await create(bob, { name: 'Theirs' });
    expect((await patch(bob, own.id, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await patch(alice, own.id, { parent: theirs.id })).json()).toEqual({ parent: ['Invalid pk - object does not exist.'] });
    expect((await get(own.id)).name).toBe('Mine');
  });

  it('refuses a member without the manager role: 403', async () => {
    const group = await create(alice, { name: 'Managed' });
    await t.database.db.execute(`insert into group_memberships (group_id, user_id, role) values (${group.id}, ${bob.userId}, 'GU')`);
    const response = await patch(bob, group.id, { name: 'Renamed by a member' });
    expect([response.statusCode, response.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
  });
});
