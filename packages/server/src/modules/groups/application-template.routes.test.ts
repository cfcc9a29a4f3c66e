import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface Entry {
  key: string;
  value: string;
}

describe.each(DATABASES)("a group's application template on %s", (kind) => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind, { engine: fakeEngine() });
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
  });
  afterAll(() => t.close());

  const newGroup = async (name: string): Promise<number> => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name } });
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  };
  const patch = (session: TestSession, group: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/rest/groups/${group}/`, headers: session.headers, payload });
  const templateOf = async (group: number) => (await t.app.inject({ method: 'GET', url: `/rest/groups/${group}/`, headers: alice.headers })).json<{ application_template: Entry[] }>().application_template;
  const rows = async (query: string) => (await t.database.db.execute(query) as unknown as { rows: unknown[] }).rows;
  const updates = (group: number) => rows(`select details from audit_events where object = 'group:${group}' and action = 'group.update' order by id`);
  const upload = async (group: number): Promise<number> => {
    const body = multipart('file', 'fw.bin', findingsFile({}));
    const response = await t.app.inject({ method: 'POST', url: `/rest/groups/${group}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  };

  it('stores the template upper-cased, trimmed and ordered by key, audits it, and gives each new scan exactly those entries', async () => {
    const group = await newGroup('Templated');
    expect(await templateOf(group)).toEqual([]);
    const response = await patch(alice, group, { application_template: [{ key: ' release ', value: '  2.1 \n' }, { key: 'Product_Line', value: 'Routers' }, { key: 'EMPTY', value: '' }] });
    const template = [{ key: 'EMPTY', value: '' }, { key: 'PRODUCT_LINE', value: 'Routers' }, { key: 'RELEASE', value: '2.1' }];
    expect([response.statusCode, response.json<{ application_template: Entry[] }>().application_template]).toEqual([200, template]);
    expect(await templateOf(group)).toEqual(template);
    expect(await updates(group)).toEqual([{ details: { application_template: [[], template] } }]);

    const scan = await upload(group);
    expect(await rows(`select key, value from scan_custom_data where scan_id = ${scan} order by key`)).toEqual(template);

    // A scan of another group gets nothing of it.
    const other = await upload(await newGroup('Plain'));
    expect(await rows(`select key from scan_custom_data where scan_id = ${other}`)).toEqual([]);
  });

  it('writes nothing for the same entries in another order, case or spacing, and replaces the whole template on a change', async () => {
    const group = await newGroup('Stable');
    await patch(alice, group, { application_template: [{ key: 'A', value: '1' }, { key: 'B', value: '2' }] });
    for (const body of [{ application_template: [{ key: 'b', value: ' 2' }, { key: 'a', value: '1 ' }] }, { name: 'Stable' }, {}]) {
      const response = await patch(alice, group, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
    }
    expect((await updates(group)).length).toBe(1);
    const cleared = await patch(alice, group, { application_template: [] });
    expect([cleared.statusCode, cleared.json<{ application_template: Entry[] }>().application_template]).toEqual([200, []]);
    expect(await rows(`select key from group_application_template where group_id = ${group}`)).toEqual([]);
    expect(await updates(group)).toEqual([
      { details: { application_template: [[], [{ key: 'A', value: '1' }, { key: 'B', value: '2' }]] } },
      { details: { application_template: [[{ key: 'A', value: '1' }, { key: 'B', value: '2' }], []] } },
    ]);
  });

  it('answers 400 at application_template for a bad, repeated or too long key, a long value or too many rows, and stores nothing', async () => {
    const group = await newGroup('Checked');
    await patch(alice, group, { application_template: [{ key: 'KEPT', value: 'yes' }] });
    const cases: [object, object][] = [
      [[{ key: 'OK', value: '' }, { key: 'two words', value: 'x' }], { application_template: ['Row 2: use only letters A-Z, digits 0-9 and _ in the key.'] }],
      [[{ key: '  ', value: 'x' }], { application_template: ['Row 1: the key may not be blank.'] }],
      [[{ key: 'dup', value: '1' }, { key: 'DUP', value: '2' }], { application_template: ['Row 2: the key DUP is already in the template.'] }],
      [[{ key: 'K'.repeat(65), value: 'x' }], { application_template: ['Ensure this field has no more than 64 characters.'] }],
      [[{ key: 'LONG', value: 'v'.repeat(10_001) }], { application_template: ['Ensure this field has no more than 10000 characters.'] }],
      [Array.from({ length: 101 }, (_, i) => ({ key: `K${String(i)}`, value: '' })), { application_template: ['must NOT have more than 100 items'] }],
    ];
    for (const [template, body] of cases) {
      const response = await patch(alice, group, { application_template: template });
      expect([response.statusCode, response.json()], JSON.stringify(template).slice(0, 80)).toEqual([400, body]);
    }
    expect(await templateOf(group)).toEqual([{ key: 'KEPT', value: 'yes' }]);
    expect((await updates(group)).length).toBe(1);
  });

  it('lets only those who may change the group change its template', async () => {
    const group = await newGroup('Guarded');
    const unseen = await patch(bob, group, { application_template: [{ key: 'X', value: 'y' }] });
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { detail: 'Not found.' }]);
    await t.database.db.execute(`insert into group_memberships (group_id, user_id, role) values (${group}, ${bob.userId}, 'GU')`);
    const member = await patch(bob, group, { application_template: [{ key: 'X', value: 'y' }] });
    expect([member.statusCode, member.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect(await templateOf(group)).toEqual([]);
  });
});
