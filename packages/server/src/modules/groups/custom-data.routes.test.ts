import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface Entry {
  id: number;
  key: string;
  value: string;
}

describe.each(DATABASES)('group custom data on %s', (kind) => {
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

  const newGroup = async (name: string): Promise<number> => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name } });
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  };
  const call = (session: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', group: number, options: { payload?: object; query?: string } = {}) =>
    t.app.inject({ method, url: `/rest/groups/${group}/custom_data/${options.query ?? ''}`, ...(session ? { headers: session.headers } : {}), ...(options.payload ? { payload: options.payload } : {}) });
  const events = async (group: number) => {
    const result = await t.database.db.execute(`select actor_id, action, level, details from audit_events where object = 'group:${group}' and action like 'group.custom_data.%' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const stored = async (group: number) => {
    const result = await t.database.db.execute(`select key, value from group_custom_data where group_id = ${group} order by key`);
    return (result as unknown as { rows: unknown[] }).rows;
  };

  it('adds, lists, changes and removes pairs: keys upper-cased, values trimmed, each change audited', async () => {
    const group = await newGroup('Custom');
    const created = await call(alice, 'POST', group, { payload: { key: ' product_line ', value: '  Routers \n' } });
    const id = created.json<Entry>().id;
    expect([created.statusCode, created.json()]).toEqual([201, { id, key: 'PRODUCT_LINE', value: 'Routers' }]);
    await call(alice, 'POST', group, { payload: { key: 'A_1', value: '' } });

    const list = await call(alice, 'GET', group);
    expect([list.statusCode, list.json()]).toEqual([200, {
      count: 2,
      results: [{ id: id + 1, key: 'A_1', value: '' }, { id, key: 'PRODUCT_LINE', value: 'Routers' }],
      links: { next: null, previous: null },
    }]);
    const firstPage = await call(alice, 'GET', group, { query: '?limit=1' });
    expect(firstPage.json<{ links: unknown }>().links).toEqual({ next: `/rest/groups/${group}/custom_data/?limit=1&offset=1`, previous: null });

    const changed = await call(alice, 'PATCH', group, { payload: { key: 'Product_Line', value: ' Switches ' } });
    expect([changed.statusCode, changed.json()]).toEqual([200, { id, key: 'PRODUCT_LINE', value: 'Switches' }]);
    const same = await call(alice, 'PATCH', group, { payload: { key: 'PRODUCT_LINE', value: 'Switches  ' } });
    expect([same.statusCode, same.json()]).toEqual([200, { id, key: 'PRODUCT_LINE', value: 'Switches' }]);

    const removed = await call(alice, 'DELETE', group, { query: '?key=product_line' });
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect(await stored(group)).toEqual([{ key: 'A_1', value: '' }]);
    expect(await events(group)).toEqual([
      { actor_id: alice.userId, action: 'group.custom_data.create', level: 2, details: { id, key: 'PRODUCT_LINE', value: 'Routers' } },
      { actor_id: alice.userId, action: 'group.custom_data.create', level: 2, details: { id: id + 1, key: 'A_1', value: '' } },
      { actor_id: alice.userId, action: 'group.custom_data.update', level: 2, details: { id, key: 'PRODUCT_LINE', value: ['Routers', 'Switches'] } },
      { actor_id: alice.userId, action: 'group.custom_data.delete', level: 2, details: { id, key: 'PRODUCT_LINE', value: 'Switches' } },
    ]);
  });

  it('answers 400 at the field for a bad or taken key or a long value, and stores nothing', async () => {
    const group = await newGroup('Checked');
    await call(alice, 'POST', group, { payload: { key: 'OWNER', value: 'net team' } });
    const cases: [object, object][] = [
      [{ key: 'owner', value: 'x' }, { key: ['This group already has custom data with this key.'] }],
      [{ key: 'two words', value: 'x' }, { key: ['Use only letters A-Z, digits 0-9 and _ (letters are upper-cased).'] }],
      [{ key: 'straße', value: 'x' }, { key: ['Use only letters A-Z, digits 0-9 and _ (letters are upper-cased).'] }],
      [{ key: '', value: 'x' }, { key: ['This field may not be blank.'] }],
      [{ key: '   ', value: 'x' }, { key: ['This field may not be blank.'] }],
      [{ key: 'K'.repeat(65), value: 'x' }, { key: ['Ensure this field has no more than 64 characters.'] }],
      [{ key: 'LONG', value: 'v'.repeat(10_001) }, { value: ['Ensure this field has no more than 10000 characters.'] }],
      [{ key: 'NUL', value: 'a\u0000b' }, { value: ['Null characters and unpaired surrogates are not allowed.'] }],
      [{ key: 'MISSING' }, { value: ['This field is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await call(alice, 'POST', group, { payload });
      expect([response.statusCode, response.json()], JSON.stringify(payload).slice(0, 80)).toEqual([400, body]);
    }
    const longest = await call(alice, 'POST', group, { payload: { key: 'k'.repeat(64), value: 'v'.repeat(10_000) } });
    expect(longest.statusCode).toBe(201);
    const missingKey = await call(alice, 'DELETE', group);
    expect([missingKey.statusCode, missingKey.json()]).toEqual([400, { key: ['This field is required.'] }]);
    expect((await stored(group)).map((row) => (row as { key: string }).key)).toEqual(['K'.repeat(64), 'OWNER']);
    expect((await events(group)).length).toBe(2);
  });

  it('answers 404 for a key the group does not have', async () => {
    const group = await newGroup('Empty');
    const patch = await call(alice, 'PATCH', group, { payload: { key: 'NOPE', value: 'x' } });
    const remove = await call(alice, 'DELETE', group, { query: '?key=NOPE' });
    expect([patch.statusCode, patch.json(), remove.statusCode, remove.json()]).toEqual([404, { detail: 'Not found.' }, 404, { detail: 'Not found.' }]);
  });

  it("lets no one else read or change a group's custom data: 404 for an unseen group, 403 for a member, 401 without a session", async () => {
    const group = await newGroup('Guarded');
    const secret = (await call(alice, 'POST', group, { payload: { key: 'SECRET', value: 'kept' } })).json<Entry>().id;
    const attempts = [
      ['GET', {}],
      ['POST', { payload: { key: 'X', value: 'y' } }],
      ['PATCH', { payload: { key: 'SECRET', value: 'changed' } }],
      ['DELETE', { query: '?key=SECRET' }],
    ] as const;
    for (const [method, options] of attempts) {
      const response = await call(bob, method, group, options);
      expect([method, response.statusCode, response.json()]).toEqual([method, 404, { detail: 'Not found.' }]);
    }
    await t.database.db.execute(`insert into group_memberships (group_id, user_id, role) values (${group}, ${bob.userId}, 'GU')`);
    const read = await call(bob, 'GET', group);
    expect([read.statusCode, read.json<{ results: unknown }>().results]).toEqual([200, [{ id: secret, key: 'SECRET', value: 'kept' }]]);
    for (const [method, options] of attempts.slice(1)) {
      const response = await call(bob, method, group, options);
      expect([method, response.statusCode, response.json()]).toEqual([method, 403, { detail: 'You do not have permission to perform this action.' }]);
    }
    const anonymous = await call(null, 'GET', group);
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    expect(await stored(group)).toEqual([{ key: 'SECRET', value: 'kept' }]);
    // An account administrator may change any group's.
    const byAdmin = await call(admin, 'PATCH', group, { payload: { key: 'secret', value: 'rotated' } });
    expect([byAdmin.statusCode, byAdmin.json<Entry>().value]).toEqual([200, 'rotated']);
  });
});
