import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

interface Membership {
  id: number;
  group_id: number;
  user_id: number;
  role: 'GU' | 'M';
}

const NOT_FOUND = { detail: 'Not found.' };
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

describe.each(DATABASES)('group memberships on %s', (kind) => {
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

  const newGroup = async (session: TestSession, name: string, parent?: number): Promise<number> => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name, parent } });
    if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  };
  const add = (session: TestSession, payload: object) => t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: session.headers, payload });
  const added = async (session: TestSession, payload: object): Promise<Membership> => {
    const response = await add(session, payload);
    if (response.statusCode !== 201) throw new Error(`add: ${response.statusCode} ${response.body}`);
    return response.json<Membership>();
  };
  const patch = (session: TestSession, id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/rest/group-memberships/${id}/`, headers: session.headers, payload });
  const remove = (session: TestSession, id: number) => t.app.inject({ method: 'DELETE', url: `/rest/group-memberships/${id}/`, headers: session.headers });
  const list = async (session: TestSession, query: string) =>
    (await t.app.inject({ method: 'GET', url: `/rest/group-memberships/?${query}`, headers: session.headers })).json<{ count: number; results: Membership[] }>();
  const events = async (group: number) => {
    const result = await t.database.db.execute(`select actor_id, action, level, details from audit_events where object = 'group:${group}' and action like 'group_membership.%' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const sees = async (session: TestSession, group: number) => (await t.app.inject({ method: 'GET', url: `/rest/groups/${group}/`, headers: session.headers })).statusCode;

  it('gives, lists, changes and removes a role, each change audited under the group', async () => {
    const carol = await newSession(t.app, t.database);
    const group = await newGroup(alice, 'Team');
    const [own] = (await list(alice, `group_id=${group}`)).results;
    expect(own).toEqual({ id: own?.id, group_id: group, user_id: alice.userId, role: 'M' });

    const created = await add(alice, { group_id: group, user_id: carol.userId, role: 'GU' });
    const id = created.json<Membership>().id;
    expect([created.statusCode, created.json()]).toEqual([201, { id, group_id: group, user_id: carol.userId, role: 'GU' }]);
    expect(await sees(carol, group)).toBe(200);
    expect(await list(alice, `group_id=${group}`)).toEqual({
      count: 2,
      results: [own, { id, group_id: group, user_id: carol.userId, role: 'GU' }],
      links: { next: null, previous: null },
    });
    expect((await list(alice, `user_id=${carol.userId}`)).results).toEqual([{ id, group_id: group, user_id: carol.userId, role: 'GU' }]);

    const promoted = await patch(alice, id, { role: 'M' });
    expect([promoted.statusCode, promoted.json()]).toEqual([200, { id, group_id: group, user_id: carol.userId, role: 'M' }]);
    for (const body of [{ role: 'M' }, {}]) {
      const same = await patch(alice, id, body);
      expect([same.statusCode, same.json()]).toEqual([200, { id, group_id: group, user_id: carol.userId, role: 'M' }]);
    }
    const removed = await remove(alice, id);
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    expect(await sees(carol, group)).toBe(404);
    expect(await events(group)).toEqual([
      { actor_id: alice.userId, action: 'group_membership.create', level: 3, details: { membership: id, user_id: carol.userId, role: 'GU' } },
      { actor_id: alice.userId, action: 'group_membership.update', level: 3, details: { membership: id, user_id: carol.userId, role: ['GU', 'M'] } },
      { actor_id: alice.userId, action: 'group_membership.delete', level: 3, details: { membership: id, user_id: carol.userId, role: 'M' } },
    ]);
  });

  it('answers 400 at the field for an unknown user, a second role in one group or a bad role, and writes nothing', async () => {
    const group = await newGroup(alice, 'Checked');
    const cases: [object, object][] = [
      [{ group_id: group, user_id: 2147483647, role: 'GU' }, { user_id: ['Invalid pk - object does not exist.'] }],
      [{ group_id: group, user_id: alice.userId, role: 'GU' }, { user_id: ['This user already has a role in this group.'] }],
      [{ group_id: group, user_id: bob.userId, role: 'X' }, { role: ['Select a valid choice.'] }],
      [{ group_id: group, user_id: 0, role: 'GU' }, { user_id: ['Ensure this value is greater than or equal to 1.'] }],
      [{ user_id: bob.userId, role: 'GU' }, { group_id: ['This field is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await add(alice, payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload)).toEqual([400, body]);
    }
    const [own] = (await list(alice, `group_id=${group}`)).results;
    const badRole = await patch(alice, own?.id ?? 0, { role: 'owner' });
    expect([badRole.statusCode, badRole.json()]).toEqual([400, { role: ['Select a valid choice.'] }]);
    expect((await list(alice, `group_id=${group}`)).count).toBe(1);
    expect(await events(group)).toEqual([]);
  });

  it('keeps the last manager of a top-level group, not of a subgroup', async () => {
    const dave = await newSession(t.app, t.database);
    const top = await newGroup(alice, 'Needs a manager');
    const [own] = (await list(alice, `group_id=${top}`)).results;
    const ownId = own?.id ?? 0;
    const leave = await remove(alice, ownId);
    expect([leave.statusCode, leave.json()]).toEqual([400, { detail: 'A top-level group needs a manager: make another member a manager (M) before removing this one.' }]);
    const demote = await patch(alice, ownId, { role: 'GU' });
    expect([demote.statusCode, demote.json()]).toEqual([400, { role: ['A top-level group needs a manager: make another member a manager (M) before changing this role.'] }]);

    const daveManages = await added(alice, { group_id: top, user_id: dave.userId, role: 'M' });
    expect((await patch(alice, ownId, { role: 'GU' })).json<Membership>().role).toBe('GU');
    // Dave is now the only manager; an administrator is refused too.
    expect((await remove(admin, daveManages.id)).statusCode).toBe(400);

    const sub = await newGroup(dave, 'Sub', top);
    const [subOwn] = (await list(dave, `group_id=${sub}`)).results;
    const subLeave = await remove(dave, subOwn?.id ?? 0);
    expect(subLeave.statusCode).toBe(204);
    // Dave still manages the subgroup from above.
    expect((await list(dave, `group_id=${sub}`)).count).toBe(0);
    expect((await added(dave, { group_id: sub, user_id: alice.userId, role: 'M' })).group_id).toBe(sub);
  });

  it("lets no one else see or change a group's memberships: 404 for an unseen group, 403 for a member, 401 without a session", async () => {
    const erin = await newSession(t.app, t.database);
    const top = await newGroup(alice, 'Guarded');
    const sub = await newGroup(alice, 'Guarded sub', top);
    const [own] = (await list(alice, `group_id=${top}`)).results;
    const ownId = own?.id ?? 0;

    expect([(await add(bob, { group_id: top, user_id: bob.userId, role: 'M' })).json(), (await patch(bob, ownId, { role: 'GU' })).json(), (await remove(bob, ownId)).json()])
      .toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
    expect((await add(bob, { group_id: top, user_id: bob.userId, role: 'M' })).statusCode).toBe(404);
    expect(await list(bob, `group_id=${top}`)).toEqual({ count: 0, results: [], links: { next: null, previous: null } });

    // A member may read the group's memberships but not change them.
    const bobMember = await added(alice, { group_id: top, user_id: bob.userId, role: 'GU' });
    expect((await list(bob, `group_id=${top}`)).results).toEqual([own, bobMember]);
    const attempts = [await add(bob, { group_id: top, user_id: erin.userId, role: 'GU' }), await patch(bob, bobMember.id, { role: 'M' }), await remove(bob, ownId)];
    expect(attempts.map((r) => [r.statusCode, r.json()])).toEqual([[403, FORBIDDEN], [403, FORBIDDEN], [403, FORBIDDEN]]);

    // A manager of the subgroup manages it, not its parent.
    await added(alice, { group_id: sub, user_id: erin.userId, role: 'M' });
    expect((await add(erin, { group_id: sub, user_id: bob.userId, role: 'M' })).statusCode).toBe(201);
    const up = await add(erin, { group_id: top, user_id: erin.userId, role: 'M' });
    expect([up.statusCode, up.json()]).toEqual([404, NOT_FOUND]);

    const anonymous = await t.app.inject({ method: 'GET', url: '/rest/group-memberships/' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    // An account administrator sees and changes every group's.
    expect((await patch(admin, bobMember.id, { role: 'M' })).json<Membership>().role).toBe('M');
    expect((await list(admin, `group_id=${top}`)).count).toBe(2);
  });
});
