import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { fakeEngine } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { createUser, login, newSession, type TestSession } from '../../../test/login.ts';

interface AccountUser {
  id: number;
  email: string;
  username: string;
  is_active: boolean;
  groups: number[];
  display_local_time: boolean;
  container_default_view: string;
  otp_active: boolean;
}

const PASSWORD = 'a long enough password';

describe.each(DATABASES)('users on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;
  let routers: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { engine: fakeEngine() });
    admin = await newSession(t.app, t.database, ['AU']);
    alice = await newSession(t.app, t.database);
    routers = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Routers' } })).json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: TestSession | null, payload?: object) =>
    t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const events = async (userId: number) => {
    const result = await t.database.db.execute(`select action, level, details from audit_events where object = 'user:${userId}' and action like 'user.%' order by id`);
    return (result as unknown as { rows: { action: string; level: number; details: unknown }[] }).rows;
  };
  const defaults = { is_active: true, display_local_time: false, container_default_view: 'list', otp_active: false };
  const invite = async (email: string, extra: object = {}): Promise<AccountUser> => {
    const response = await call('POST', '/rest/users/', admin, { email, password: PASSWORD, ...extra });
    if (response.statusCode !== 201) throw new Error(`invite ${email}: ${response.statusCode} ${response.body}`);
    return response.json<AccountUser>();
  };

  it('creates a user (email lower-cased, member of the groups given) who signs in with the password set', async () => {
    const response = await call('POST', '/rest/users/', admin, { email: ' Ada@Example.COM ', groups: [routers, routers], send_email_invite: false, password: PASSWORD });
    const ada = response.json<AccountUser>();
    expect([response.statusCode, ada]).toEqual([201, { id: ada.id, email: 'ada@example.com', username: 'ada@example.com', groups: [routers], ...defaults }]);
    const session = await login(t.app, 'ada@example.com', PASSWORD);
    expect(session.userId).toBe(ada.id);
    expect(await events(ada.id)).toEqual([{ action: 'user.create', level: 3, details: { email: 'ada@example.com', groups: [routers], password_set: true } }]);
  });

  it('refuses a taken email in any case, a bad email, a short password and an unknown group, writing nothing', async () => {
    await invite('taken@example.com');
    const count = async () => (await call('GET', '/rest/users/', admin)).json<{ count: number }>().count;
    const before = await count();
    const cases: [object, object][] = [
      [{ email: 'TAKEN@example.com' }, { email: ['A user with this email already exists.'] }],
      [{ email: 'no at sign' }, { email: ['Enter a valid email address.'] }],
      [{ email: 'short@example.com', password: 'eleven char' }, { password: ['Ensure this field has at least 12 characters.'] }],
      [{ email: 'lost@example.com', groups: [routers, 2147483647] }, { groups: ['Invalid pk - object does not exist.'] }],
      [{}, { email: ['This field is required.'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await call('POST', '/rest/users/', admin, payload);
      expect([response.statusCode, response.json()], JSON.stringify(payload)).toEqual([400, body]);
    }
    expect(await count()).toBe(before);
  });

  it('lets only an administrator create, change or remove users', async () => {
    const forbidden = { detail: 'You do not have permission to perform this action.' };
    for (const [method, url, payload] of [
      ['POST', '/rest/users/', { email: 'eve@example.com' }],
      ['PATCH', `/rest/users/${admin.userId}/`, { is_active: false }],
      ['DELETE', `/rest/users/${admin.userId}/`, undefined],
    ] as const) {
      const response = await call(method, url, alice, payload);
      expect([response.statusCode, response.json()], `${method} ${url}`).toEqual([403, forbidden]);
    }
    expect((await call('GET', '/rest/users/', null)).statusCode).toBe(401);
  });

  it('lists every user to an administrator, searching email and username and picking by ids', async () => {
    const one = await invite('list-one@example.com');
    const two = await invite('LIST-two@example.com');
    const search = await call('GET', '/rest/users/?q=LIST-', admin);
    expect([search.statusCode, search.json()]).toEqual([200, {
      count: 2,
      results: [{ ...one, groups: [] }, { ...two, groups: [] }],
      links: { next: null, previous: null },
    }]);
    const byIds = await call('GET', `/rest/users/?ids=${two.id},${alice.userId}&limit=1`, admin);
    expect(byIds.json()).toEqual({
      count: 2,
      results: [{ id: alice.userId, email: alice.email, username: alice.email, groups: [], ...defaults }],
      links: { next: `/rest/users/?ids=${two.id}%2C${alice.userId}&limit=1&offset=1`, previous: null },
    });
    expect((await call('GET', '/rest/users/?q=100%25', admin)).json<{ count: number }>().count).toBe(0);
  });

  it('answers 400 for more than 300 ids or ids that are not positive integers', async () => {
    const many = Array.from({ length: 301 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/rest/users/?ids=${many}`, admin)).json()).toEqual({ ids: ['Give at most 300 user ids.'] });
    const exactly = Array.from({ length: 300 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/rest/users/?ids=${exactly}`, admin)).statusCode).toBe(200);
    for (const ids of ['1,x', '0', '1,,2', '-3', '2147483648', '']) {
      const response = await call('GET', `/rest/users/?ids=${ids}`, admin);
      expect([response.statusCode, response.json()], ids).toEqual([400, { ids: ['Give comma-separated user ids.'] }]);
    }
  });

  it("shows a user without change_companyaccount themselves and their groups' members, only the groups they see, and nobody else", async () => {
    const own = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Alice lab' } })).json<{ id: number }>().id;
    const hidden = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Hidden' } })).json<{ id: number }>().id;
    const colleague = await invite('colleague@example.com', { groups: [own, hidden] });
    const stranger = await invite('stranger@example.com', { groups: [hidden] });
    const list = await call('GET', '/rest/users/', alice);
    expect(list.json()).toEqual({
      count: 2,
      results: [
        { id: alice.userId, email: alice.email, username: alice.email, groups: [own], ...defaults },
        { ...colleague, groups: [own] },
      ],
      links: { next: null, previous: null },
    });
    expect((await call('GET', `/rest/users/${colleague.id}/`, alice)).json()).toEqual({ ...colleague, groups: [own] });
    for (const id of [stranger.id, admin.userId, 2147483647]) {
      const response = await call('GET', `/rest/users/${id}/`, alice);
      expect([response.statusCode, response.json()], String(id)).toEqual([404, { detail: 'Not found.' }]);
    }
    expect((await call('GET', `/rest/users/?ids=${stranger.id}`, alice)).json<{ count: number }>().count).toBe(0);
    expect((await call('GET', `/rest/users/${stranger.id}/`, admin)).json()).toEqual(stranger);
  });

  it('changes only the fields sent, with one event; the same values again write nothing', async () => {
    const bob = await invite('bob@example.com');
    const response = await call('PATCH', `/rest/users/${bob.id}/`, admin, { username: ' Bob ', container_default_view: 'tree' });
    expect([response.statusCode, response.json()]).toEqual([200, { ...bob, username: 'Bob', container_default_view: 'tree' }]);
    for (const body of [{}, { username: 'Bob' }, { display_local_time: false, container_default_view: 'tree', is_active: true }]) {
      expect((await call('PATCH', `/rest/users/${bob.id}/`, admin, body)).statusCode, JSON.stringify(body)).toBe(200);
    }
    expect((await events(bob.id)).slice(1)).toEqual([
      { action: 'user.update', level: 2, details: { username: ['bob@example.com', 'Bob'], container_default_view: ['list', 'tree'] } },
    ]);
    const bad = await call('PATCH', `/rest/users/${bob.id}/`, admin, { username: '  ', container_default_view: 'grid' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { container_default_view: ['Select a valid choice.'] }]);
    expect((await call('PATCH', `/rest/users/${bob.id}/`, admin, { username: '  ' })).json()).toEqual({ username: ['This field may not be blank.'] });
    expect((await call('PATCH', '/rest/users/2147483647/', admin, { username: 'x' })).statusCode).toBe(404);
  });

  it('deactivates a user: their sessions end, they cannot sign in, their data stays; activating lets them in again', async () => {
    const carol = await invite('carol@example.com', { groups: [routers] });
    const session = await login(t.app, carol.email, PASSWORD);
    const upload = multipart('file', 'fw.bin', Buffer.from('firmware'));
    const scan = await t.app.inject({ method: 'POST', url: `/rest/groups/${routers}/upload/`, headers: { ...session.headers, ...upload.headers }, payload: upload.payload });
    expect(scan.statusCode).toBe(201);
    const off = await call('PATCH', `/rest/users/${carol.id}/`, admin, { is_active: false });
    expect([off.statusCode, off.json()]).toEqual([200, { ...carol, is_active: false }]);
    expect((await call('GET', '/rest/users/me/', session)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email: carol.email, password: PASSWORD } });
    expect([again.statusCode, again.json()]).toEqual([400, { non_field_errors: ['Unable to log in with the provided credentials.'] }]);
    const rows = await t.database.db.execute(`select (select count(*) from sessions where user_id = ${carol.id})::int as sessions, (select count(*) from scans where created_by = ${carol.id})::int as scans`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ sessions: 0, scans: 1 }]);
    expect((await call('GET', `/rest/scans/${scan.json<{ id: number }>().id}/`, admin)).statusCode).toBe(200);
    expect((await call('PATCH', `/rest/users/${carol.id}/`, admin, { is_active: true })).json()).toEqual(carol);
    await login(t.app, carol.email, PASSWORD);
    expect((await events(carol.id)).slice(1).map(({ action, level, details }) => [action, level, details])).toEqual([
      ['user.deactivate', 4, { is_active: [true, false] }],
      ['user.activate', 4, { is_active: [false, true] }],
    ]);
  });

  it('refuses to deactivate or remove yourself', async () => {
    const off = await call('PATCH', `/rest/users/${admin.userId}/`, admin, { is_active: false });
    expect([off.statusCode, off.json()]).toEqual([400, { is_active: ['You cannot deactivate yourself.'] }]);
    const gone = await call('DELETE', `/rest/users/${admin.userId}/`, admin);
    expect([gone.statusCode, gone.json()]).toEqual([400, { detail: 'You cannot remove yourself.' }]);
    expect((await call('GET', '/rest/users/me/', admin)).json<{ roles: string[] }>().roles).toEqual(['AU']);
  });

  it("sets a user's password: the new one signs in, the old one and their sessions end", async () => {
    const dave = await invite('dave@example.com');
    const session = await login(t.app, dave.email, PASSWORD);
    const response = await call('PATCH', `/rest/users/${dave.id}/`, admin, { password: 'another long password' });
    expect([response.statusCode, response.json()]).toEqual([200, dave]);
    expect((await call('GET', '/rest/users/me/', session)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email: dave.email, password: PASSWORD } })).statusCode).toBe(400);
    await login(t.app, dave.email, 'another long password');
    expect((await events(dave.id)).at(-1)).toEqual({ action: 'user.set_password', level: 3, details: { password: 'set' } });
    expect((await call('PATCH', `/rest/users/${dave.id}/`, admin, { password: 'nine char' })).json()).toEqual({ password: ['Ensure this field has at least 12 characters.'] });
  });

  it("applies the company's password minimum and new-user display defaults", async () => {
    const settings = (page: string, payload: object) => call('PATCH', `/rest/settings/company/${page}/`, admin, payload);
    expect((await settings('authentication', { min_password_length: 16 })).statusCode).toBe(200);
    expect((await settings('user', { display_local_time: true, container_default_view: 'tree' })).statusCode).toBe(200);
    try {
      const cases: [string, object][] = [
        ['twelve chars', { password: ['Ensure this field has at least 16 characters.'] }],
        ['seven c', { password: ['Ensure this field has at least 8 characters.'] }],
      ];
      for (const [password, body] of cases) {
        const response = await call('POST', '/rest/users/', admin, { email: 'strict@example.com', password });
        expect([response.statusCode, response.json()], password).toEqual([400, body]);
      }
      const created = await call('POST', '/rest/users/', admin, { email: 'strict@example.com', password: 'sixteen chars ok' });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: number }>();
      const session = await login(t.app, 'strict@example.com', 'sixteen chars ok');
      expect((await call('GET', '/rest/users/me/', session)).json()).toMatchObject({ id, display_local_time: true, container_default_view: 'tree' });
      expect((await call('PATCH', `/rest/users/${id}/`, admin, { password: 'fifteen chars!!' })).json()).toEqual({ password: ['Ensure this field has at least 16 characters.'] });
    } finally {
      await settings('authentication', { min_password_length: 12 });
      await settings('user', { display_local_time: false, container_default_view: 'list' });
    }
  });

  it('removes a user who uploaded no stored scan, and refuses (409) one whose scans are stored', async () => {
    const erin = await invite('erin@example.com', { groups: [routers] });
    const response = await call('DELETE', `/rest/users/${erin.id}/`, admin);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', `/rest/users/${erin.id}/`, admin)).statusCode).toBe(404);
    expect(await events(erin.id)).toEqual([
      { action: 'user.create', level: 3, details: { email: 'erin@example.com', groups: [routers], password_set: true } },
      { action: 'user.delete', level: 4, details: { email: 'erin@example.com', roles: [] } },
    ]);
    const frank = await invite('frank@example.com', { groups: [routers] });
    const session = await login(t.app, frank.email, PASSWORD);
    const upload = multipart('file', 'fw.bin', Buffer.from('firmware'));
    await t.app.inject({ method: 'POST', url: `/rest/groups/${routers}/upload/`, headers: { ...session.headers, ...upload.headers }, payload: upload.payload });
    const kept = await call('DELETE', `/rest/users/${frank.id}/`, admin);
    expect([kept.statusCode, kept.json()]).toEqual([409, { detail: "The user's scans are still stored: deactivate the user to keep their data, or remove their scans first." }]);
    expect((await call('GET', `/rest/users/${frank.id}/`, admin)).json()).toEqual(frank);
    expect((await call('DELETE', '/rest/users/2147483647/', admin)).statusCode).toBe(404);
  });

  it('lets a user change their own username and display settings, but not turn two-factor on or off', async () => {
    const user = await createUser(t.database);
    const session = await login(t.app, user.email, user.password);
    const response = await call('PATCH', '/rest/users/me/', session, { username: 'Grace', display_local_time: true });
    expect([response.statusCode, response.json()]).toEqual([200, {
      id: user.id, email: user.email, username: 'Grace', display_local_time: true, container_default_view: 'list', otp_active: false, roles: [], permissions: [],
    }]);
    expect((await call('PATCH', '/rest/users/me/', session, { username: 'Grace', otp_active: false })).statusCode).toBe(200);
    const on = await call('PATCH', '/rest/users/me/', session, { otp_active: true });
    expect([on.statusCode, on.json()]).toEqual([400, { otp_active: ['Two-factor sign-in is turned on by confirming a device, not here.'] }]);
    await t.database.db.execute(`update users set otp_active = true where id = ${user.id}`);
    const off = await call('PATCH', '/rest/users/me/', session, { otp_active: false });
    expect([off.statusCode, off.json()]).toEqual([400, {
      otp_active: ['Two-factor sign-in is turned off on your authentication tab (DELETE /rest/otps/), with your password or a current code.'],
    }]);
    expect((await call('GET', '/rest/users/me/', session)).json<{ otp_active: boolean }>().otp_active).toBe(true);
    const ignored = await call('PATCH', '/rest/users/me/', session, { is_active: false, roles: ['AU'] });
    expect(ignored.statusCode).toBe(200);
    expect((await call('GET', '/rest/users/me/', session)).json<{ roles: string[] }>().roles).toEqual([]);
    expect((await events(user.id)).map(({ action, level, details }) => [action, level, details])).toEqual([
      ['user.update', 2, { username: [user.email, 'Grace'], display_local_time: [false, true] }],
    ]);
  });
});
