import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, login, newSession, type TestSession } from '../../../test/login.ts';

describe.each(DATABASES)('account memberships on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    alice = await newSession(t.app, t.database, ['SR']);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PATCH', url: string, session: TestSession, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const events = async (userId: number) => {
    const result = await t.database.db.execute(`select action, level, details from audit_events where object = 'user:${userId}' and action like 'account_membership.%' order by id`);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const ADMIN_PERMISSIONS = ['add_vulnerabilityinvalidation', 'change_companyaccount', 'change_infoleakcustomregex', 'view_allaccountgroup'];

  it("lists every user's roles and permissions to an administrator, up to 10000 a page", async () => {
    const response = await call('GET', '/rest/account-memberships/?limit=10000', admin);
    expect([response.statusCode, response.json()]).toEqual([200, {
      count: 2,
      results: [
        { id: admin.userId, user: admin.userId, roles: ['AU'], permissions: ADMIN_PERMISSIONS },
        { id: alice.userId, user: alice.userId, roles: ['SR'], permissions: ['add_vulnerabilityinvalidation'] },
      ],
      links: { next: null, previous: null },
    }]);
    const paged = await call('GET', '/rest/account-memberships/?limit=1', admin);
    expect(paged.json<{ links: unknown }>().links).toEqual({ next: '/rest/account-memberships/?limit=1&offset=1', previous: null });
    const beyond = await call('GET', '/rest/account-memberships/?limit=10001', admin);
    expect([beyond.statusCode, beyond.json()]).toEqual([400, { limit: ['Ensure this value is less than or equal to 10000.'] }]);
  });

  it('shows anyone else only their own membership; another one is not found', async () => {
    expect((await call('GET', '/rest/account-memberships/', alice)).json()).toEqual({
      count: 1,
      results: [{ id: alice.userId, user: alice.userId, roles: ['SR'], permissions: ['add_vulnerabilityinvalidation'] }],
      links: { next: null, previous: null },
    });
    expect((await call('GET', `/rest/account-memberships/${alice.userId}/`, alice)).statusCode).toBe(200);
    for (const id of [admin.userId, 2147483647]) {
      const response = await call('GET', `/rest/account-memberships/${id}/`, alice);
      expect([response.statusCode, response.json()], String(id)).toEqual([404, { detail: 'Not found.' }]);
    }
    const patch = await call('PATCH', `/rest/account-memberships/${alice.userId}/`, alice, { roles: ['AU'] });
    expect([patch.statusCode, patch.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect((await call('GET', `/rest/account-memberships/${alice.userId}/`, admin)).json<{ roles: string[] }>().roles).toEqual(['SR']);
  });

  it('sets roles in the table order, granting their permissions at once, with one level-4 event; the same roles again write nothing', async () => {
    const user = await createUser(t.database, { roles: ['U'] });
    const session = await login(t.app, user.email, user.password);
    const response = await call('PATCH', `/rest/account-memberships/${user.id}/`, admin, { roles: ['SR', 'CP', 'SR'] });
    expect([response.statusCode, response.json()]).toEqual([200, {
      id: user.id, user: user.id, roles: ['CP', 'SR'], permissions: ['add_vulnerabilityinvalidation', 'change_infoleakcustomregex'],
    }]);
    expect((await call('GET', '/rest/users/me/', session)).json<{ permissions: string[] }>().permissions).toEqual(['add_vulnerabilityinvalidation', 'change_infoleakcustomregex']);
    for (const body of [{}, { roles: ['CP', 'SR'] }, { roles: ['SR', 'CP'] }]) {
      expect((await call('PATCH', `/rest/account-memberships/${user.id}/`, admin, body)).statusCode, JSON.stringify(body)).toBe(200);
    }
    expect(await events(user.id)).toEqual([{
      action: 'account_membership.update',
      level: 4,
      details: { roles: [['U'], ['CP', 'SR']], permissions: [[], ['add_vulnerabilityinvalidation', 'change_infoleakcustomregex']] },
    }]);
    const bad = await call('PATCH', `/rest/account-memberships/${user.id}/`, admin, { roles: ['SR', 'XX'] });
    expect([bad.statusCode, bad.json()]).toEqual([400, { roles: ['Select a valid choice.'] }]);
    expect((await call('PATCH', '/rest/account-memberships/2147483647/', admin, { roles: [] })).statusCode).toBe(404);
  });

  it('keeps at least one active administrator', async () => {
    const last = await call('PATCH', `/rest/account-memberships/${admin.userId}/`, admin, { roles: ['U'] });
    expect([last.statusCode, last.json()]).toEqual([400, { roles: ['The account needs at least one active administrator (AU).'] }]);
    const second = await createUser(t.database, { roles: ['AU'] });
    // A deactivated administrator does not count.
    await t.database.db.execute(`update users set is_active = false where id = ${second.id}`);
    expect((await call('PATCH', `/rest/account-memberships/${admin.userId}/`, admin, { roles: ['U'] })).statusCode).toBe(400);
    expect((await call('PATCH', `/rest/users/${second.id}/`, admin, { is_active: true })).statusCode).toBe(200);
    const handover = await call('PATCH', `/rest/account-memberships/${admin.userId}/`, admin, { roles: ['GP'] });
    expect([handover.statusCode, handover.json()]).toEqual([200, { id: admin.userId, user: admin.userId, roles: ['GP'], permissions: ['view_allaccountgroup'] }]);
    // The former administrator now sees only their own membership and may change none.
    expect((await call('GET', '/rest/account-memberships/', admin)).json<{ count: number }>().count).toBe(1);
    expect((await call('PATCH', `/rest/account-memberships/${admin.userId}/`, admin, { roles: ['AU'] })).statusCode).toBe(403);
  });
});
