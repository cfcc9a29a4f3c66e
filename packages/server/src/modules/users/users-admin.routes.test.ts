import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { login, newSession, type TestSession } from '../../../test/login.ts';

const PASSWORD = 'a long enough password';

describe.each(DATABASES)('user administration without mail on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: TestSession | null, payload?: object) =>
    t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const create = async (email: string) => (await call('POST', '/rest/users/', admin, { email, password: PASSWORD })).json<{ id: number }>().id;
  const userEvents = async (like: string) => {
    const result = await t.database.db.execute(`select action, level, details from audit_events where action = 'user.bulk_update' and object like '${like}' order by id`);
    return (result as unknown as { rows: { action: string; level: number; details: unknown }[] }).rows;
  };
  const noMail = { detail: 'Mail is not configured on this server (BINLENS_SMTP_URL is not set): set a password for the user instead.' };

  it('answers 409 to every call that needs mail, creating nobody', async () => {
    const invite = await call('POST', '/rest/users/', admin, { email: 'ada@example.com', send_email_invite: true });
    expect([invite.statusCode, invite.json()]).toEqual([409, noMail]);
    expect((await call('GET', '/rest/users/?q=ada@', admin)).json<{ count: number }>().count).toBe(0);
    for (const url of [`/rest/users/${admin.userId}/reset_password/`, `/rest/users/${admin.userId}/test_email/`]) {
      const response = await call('POST', url, admin);
      expect([response.statusCode, response.json()], url).toEqual([409, noMail]);
    }
    const forgot = await call('POST', '/rest/auth/password-reset/', null, { email: admin.email });
    expect([forgot.statusCode, forgot.json()]).toEqual([409, noMail]);
  });

  it('deactivates several users at once, only those still active, with one event; they cannot sign in', async () => {
    const [one, two, three] = [await create('bulk-1@example.com'), await create('bulk-2@example.com'), await create('bulk-3@example.com')];
    await call('PATCH', `/rest/users/${three}/`, admin, { is_active: false });
    const session = await login(t.app, 'bulk-1@example.com', PASSWORD);
    const response = await call('POST', '/rest/users/update/', admin, { ids: [two, one, three, one], is_active: false });
    const body = response.json<{ results: { id: number; is_active: boolean }[]; changed: number[] }>();
    expect([response.statusCode, body.results.map((user) => [user.id, user.is_active]), body.changed]).toEqual([200, [[one, false], [two, false], [three, false]], [one, two]]);
    expect((await call('GET', '/rest/users/me/', session)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email: 'bulk-2@example.com', password: PASSWORD } });
    expect(again.statusCode).toBe(400);
    expect(await userEvents(`user:${one},${two}`)).toEqual([{
      action: 'user.bulk_update', level: 4, details: { users: [{ id: one, is_active: [true, false] }, { id: two, is_active: [true, false] }] },
    }]);
    const same = await call('POST', '/rest/users/update/', admin, { ids: [one, two], is_active: false });
    expect(same.json<{ changed: number[] }>().changed).toEqual([]);
    const back = await call('POST', '/rest/users/update/', admin, { ids: [one, two], is_active: true, roles: ['U', 'BU', 'U'] });
    expect(back.json<{ changed: number[] }>().changed).toEqual([one, two]);
    await login(t.app, 'bulk-1@example.com', PASSWORD);
    const roles = await call('GET', `/rest/account-memberships/${two}/`, admin);
    expect(roles.json<{ roles: string[] }>().roles).toEqual(['BU', 'U']);
  });

  it('changes nobody when one id is unknown, it deactivates you or it leaves no active administrator', async () => {
    const one = await create('all-or-none@example.com');
    const unknown = await call('POST', '/rest/users/update/', admin, { ids: [one, 2147483647], is_active: false });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { ids: ['Invalid pk - object does not exist.'] }]);
    const self = await call('POST', '/rest/users/update/', admin, { ids: [one, admin.userId], is_active: false });
    expect([self.statusCode, self.json()]).toEqual([400, { is_active: ['You cannot deactivate yourself.'] }]);
    const demoted = await call('POST', '/rest/users/update/', admin, { ids: [one, admin.userId], roles: ['U'] });
    expect([demoted.statusCode, demoted.json()]).toEqual([400, { roles: ['The account needs at least one active administrator (AU).'] }]);
    const user = await call('GET', `/rest/users/${one}/`, admin);
    expect(user.json<{ is_active: boolean }>().is_active).toBe(true);
    expect((await call('GET', '/rest/users/me/', admin)).json<{ roles: string[] }>().roles).toEqual(['AU']);
    const bad = await call('POST', '/rest/users/update/', admin, { ids: [], roles: ['XX'] });
    expect(bad.statusCode).toBe(400);
    const alice = await newSession(t.app, t.database);
    expect((await call('POST', '/rest/users/update/', alice, { ids: [one], is_active: false })).statusCode).toBe(403);
  });

  it('refuses (409) to remove the only manager of a top-level group, and removes them once another manages it', async () => {
    const manager = await create('only-manager@example.com');
    const session = await login(t.app, 'only-manager@example.com', PASSWORD);
    // A top-level group made by a user without change_companyaccount has them as its only manager.
    const top = await call('POST', '/rest/groups/', session, { name: 'Top of the tree' });
    const topId = top.json<{ id: number }>().id;
    const refused = await call('DELETE', `/rest/users/${manager}/`, admin);
    expect([refused.statusCode, refused.json()]).toEqual([409, { detail: 'The user is the only manager of the top-level group "Top of the tree": make another member its manager first.' }]);
    expect((await call('GET', '/rest/users/me/', session)).statusCode).toBe(200);
    await call('POST', '/rest/group-memberships/', admin, { group_id: topId, user_id: admin.userId, role: 'M' });
    expect((await call('DELETE', `/rest/users/${manager}/`, admin)).statusCode).toBe(204);
  });
});
