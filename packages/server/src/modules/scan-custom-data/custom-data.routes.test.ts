import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface Entry {
  id: number;
  url: string;
  product: number;
  key: string;
  value: string;
}

describe.each(DATABASES)('scan custom data on %s', (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;
  let scanId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Apps' } })).json<{ id: number }>().id;
    scanId = await upload('router.bin');
  });
  afterAll(() => t.close());

  async function upload(name: string): Promise<number> {
    const body = multipart('file', name, Buffer.from(`bytes of ${name}`));
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  }
  const call = (session: TestSession | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const events = async (scan: number) => {
    const result = await t.database.db.execute(`select actor_id, action, level, details from audit_events where object = 'scan:${scan}' and action like 'scan.custom_data.%' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };

  it('adds, lists, changes and removes entries: keys upper-cased, values trimmed, each change audited', async () => {
    const scan = await upload('camera.bin');
    const created = await call(alice, 'POST', '/rest/custom-data/', { product: scan, key: ' release ', value: '  2.1 \n' });
    const id = created.json<Entry>().id;
    expect([created.statusCode, created.json()]).toEqual([201, { id, url: `/rest/custom-data/${id}/`, product: scan, key: 'RELEASE', value: '2.1' }]);
    await call(alice, 'POST', '/rest/custom-data/', { product: scan, key: 'Owner', value: '' });

    const list = await call(alice, 'GET', `/rest/custom-data/?product=${scan}`);
    expect([list.statusCode, list.json()]).toEqual([200, {
      count: 2,
      results: [
        { id: id + 1, url: `/rest/custom-data/${id + 1}/`, product: scan, key: 'OWNER', value: '' },
        { id, url: `/rest/custom-data/${id}/`, product: scan, key: 'RELEASE', value: '2.1' },
      ],
      links: { next: null, previous: null },
    }]);
    const firstPage = await call(alice, 'GET', `/rest/custom-data/?product=${scan}&limit=1`);
    expect(firstPage.json<{ links: unknown }>().links).toEqual({ next: `/rest/custom-data/?product=${scan}&limit=1&offset=1`, previous: null });

    const renamed = await call(alice, 'PATCH', `/rest/custom-data/${id}/`, { key: 'version' });
    expect([renamed.statusCode, renamed.json()]).toEqual([200, { id, url: `/rest/custom-data/${id}/`, product: scan, key: 'VERSION', value: '2.1' }]);
    const revalued = await call(alice, 'PATCH', `/rest/custom-data/${id}/`, { value: ' 2.2 ' });
    expect([revalued.statusCode, revalued.json()]).toEqual([200, { id, url: `/rest/custom-data/${id}/`, product: scan, key: 'VERSION', value: '2.2' }]);
    const same = await call(alice, 'PATCH', `/rest/custom-data/${id}/`, { key: 'Version', value: '2.2  ' });
    expect([same.statusCode, same.json()]).toEqual([200, { id, url: `/rest/custom-data/${id}/`, product: scan, key: 'VERSION', value: '2.2' }]);

    const removed = await call(alice, 'DELETE', `/rest/custom-data/${id}/`);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect((await call(alice, 'GET', `/rest/custom-data/?product=${scan}`)).json<{ results: Entry[] }>().results.map((entry) => entry.key)).toEqual(['OWNER']);
    expect(await events(scan)).toEqual([
      { actor_id: alice.userId, action: 'scan.custom_data.create', level: 2, details: { id, key: 'RELEASE', value: '2.1' } },
      { actor_id: alice.userId, action: 'scan.custom_data.create', level: 2, details: { id: id + 1, key: 'OWNER', value: '' } },
      { actor_id: alice.userId, action: 'scan.custom_data.update', level: 2, details: { id, key: ['RELEASE', 'VERSION'] } },
      { actor_id: alice.userId, action: 'scan.custom_data.update', level: 2, details: { id, value: ['2.1', '2.2'] } },
      { actor_id: alice.userId, action: 'scan.custom_data.delete', level: 2, details: { id, key: 'VERSION', value: '2.2' } },
    ]);
  });

  it('answers 400 at the field for a bad or taken key, a long value or a missing product, and stores nothing', async () => {
    const scan = await upload('switch.bin');
    const first = (await call(alice, 'POST', '/rest/custom-data/', { product: scan, key: 'OWNER', value: 'net team' })).json<Entry>();
    const other = (await call(alice, 'POST', '/rest/custom-data/', { product: scan, key: 'SITE', value: 'Oslo' })).json<Entry>();
    const cases: [object, object][] = [
      [{ product: scan, key: 'owner', value: 'x' }, { key: ['This application already has custom data with this key.'] }],
      [{ product: scan, key: 'two words', value: 'x' }, { key: ['Use only letters A-Z, digits 0-9 and _ (letters are upper-cased).'] }],
      [{ product: scan, key: '   ', value: 'x' }, { key: ['This field may not be blank.'] }],
      [{ product: scan, key: 'K'.repeat(65), value: 'x' }, { key: ['Ensure this field has no more than 64 characters.'] }],
      [{ product: scan, key: 'LONG', value: 'v'.repeat(10_001) }, { value: ['Ensure this field has no more than 10000 characters.'] }],
      [{ key: 'NO_PRODUCT', value: 'x' }, { product: ['This field is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await call(alice, 'POST', '/rest/custom-data/', payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload).slice(0, 80)).toEqual([400, body]);
    }
    const taken = await call(alice, 'PATCH', `/rest/custom-data/${other.id}/`, { key: 'owner' });
    expect([taken.statusCode, taken.json()]).toEqual([400, { key: ['This application already has custom data with this key.'] }]);
    const noProduct = await call(alice, 'GET', '/rest/custom-data/');
    expect([noProduct.statusCode, noProduct.json()]).toEqual([400, { product: ['This field is required.'] }]);
    expect((await call(alice, 'GET', `/rest/custom-data/?product=${scan}`)).json<{ results: Entry[] }>().results.map((entry) => [entry.key, entry.value])).toEqual([
      ['OWNER', 'net team'],
      ['SITE', 'Oslo'],
    ]);
    expect((await events(scan)).length).toBe(2);
    expect(first.key).toBe('OWNER');
  });

  it("lets no one else read or change a scan's custom data: 404 for another group's scan and entries, 401 without a session", async () => {
    const entry = (await call(alice, 'POST', '/rest/custom-data/', { product: scanId, key: 'SECRET', value: 'kept' })).json<Entry>();
    const attempts = [
      ['GET', `/rest/custom-data/?product=${scanId}`, undefined],
      ['POST', '/rest/custom-data/', { product: scanId, key: 'X', value: 'y' }],
      ['PATCH', `/rest/custom-data/${entry.id}/`, { value: 'changed' }],
      ['DELETE', `/rest/custom-data/${entry.id}/`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await call(bob, method, url, payload);
      expect([method, response.statusCode, response.json()]).toEqual([method, 404, { detail: 'Not found.' }]);
      const anonymous = await call(null, method, url, payload);
      expect([method, anonymous.statusCode]).toEqual([method, 401]);
    }
    const unknown = await call(alice, 'PATCH', '/rest/custom-data/2147483647/', { value: 'x' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect((await call(alice, 'GET', `/rest/custom-data/?product=${scanId}`)).json<{ results: Entry[] }>().results).toEqual([entry]);
  });

  it('lets a member of the group add and change entries, and nothing once they leave it', async () => {
    await t.database.db.execute(`insert into group_memberships (group_id, user_id, role) values (${groupId}, ${bob.userId}, 'GU')`);
    const created = await call(bob, 'POST', '/rest/custom-data/', { product: scanId, key: 'TEAM', value: 'qa' });
    expect(created.statusCode).toBe(201);
    const changed = await call(bob, 'PATCH', `/rest/custom-data/${created.json<Entry>().id}/`, { value: 'ops' });
    expect([changed.statusCode, changed.json<Entry>().value]).toEqual([200, 'ops']);
    await t.database.db.execute(`delete from group_memberships where group_id = ${groupId} and user_id = ${bob.userId}`);
    const after = await call(bob, 'DELETE', `/rest/custom-data/${created.json<Entry>().id}/`);
    expect([after.statusCode, after.json()]).toEqual([404, { detail: 'Not found.' }]);
  });
});
