import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, login } from '../../../test/login.ts';

describe.each(DATABASES)('auth routes on %s', (kind) => {
  let t: TestApp;
  let user: { id: number; email: string; password: string };

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await createUser(t.database, { email: 'Ada@Example.com', password: 's3cret-passw0rd', roles: ['AU'] });
  });
  afterAll(() => t.close());

  it('logs in, sets the cookies and answers the user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email: 'ada@example.com', password: 's3cret-passw0rd' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      email: 'ada@example.com',
      username: 'ada@example.com',
      display_local_time: false,
      container_default_view: 'list',
      otp_active: false,
      roles: ['AU'],
      permissions: ['add_vulnerabilityinvalidation', 'change_companyaccount', 'change_infoleakcustomregex', 'view_allaccountgroup'],
    });
    const session = response.cookies.find((c) => c.name === 'sessionid');
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeUndefined();
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
  });

  it('answers 400 non_field_errors for a wrong password or unknown email', async () => {
    for (const payload of [
      { email: 'ada@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 's3cret-passw0rd' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Unable to log in with the provided credentials.'] });
    }
  });

  it('answers 400 per missing field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
    const blank = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email: 'ada@example.com', password: '' } });
    expect(blank.json()).toEqual({ password: ['This field may not be blank.'] });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/users/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers 403 for an unsafe call without the CSRF header or with a wrong one', async () => {
    const session = await login(t.app, user.email, user.password);
    const missing = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: { cookie: session.headers.cookie }, payload: { name: 'x' } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ detail: 'CSRF token missing or incorrect.' });
    const wrong = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: { ...session.headers, 'x-csrftoken': 'nope' }, payload: { name: 'x' } });
    expect(wrong.statusCode).toBe(403);
  });

  it('logs out: the session stops working', async () => {
    const session = await login(t.app, user.email, user.password);
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/rest/auth/logout/', headers: session.headers });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sessionid')?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers });
    expect(after.statusCode).toBe(401);
  });

  const rowsOf = async <T,>(query: string) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const newestSessionId = async () => (await rowsOf<{ id: number }>('select id from sessions order by id desc limit 1'))[0]?.id;

  it('answers 401 to a session older than the absolute timeout and deletes it', async () => {
    const session = await login(t.app, user.email, user.password);
    const sessionId = await newestSessionId();
    // Signed in 15 days ago, its cookie still valid (expires_at is the cookie's; the limit decides).
    await t.database.db.execute(`update sessions set created_at = now() - interval '15 days', last_seen_at = now() where id = ${sessionId}`);
    const response = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers });
    expect([response.statusCode, response.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    expect(await rowsOf(`select id from sessions where id = ${sessionId}`)).toEqual([]);
  });

  it("ends sessions by the company's idle and absolute timeouts (account settings → authentication)", async () => {
    const admin = await login(t.app, user.email, user.password);
    const setLimits = async (payload: Record<string, number | null>) => {
      const response = await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/authentication/', headers: admin.headers, payload });
      expect(response.statusCode).toBe(200);
    };
    await setLimits({ session_idle_timeout_minutes: 30, session_absolute_timeout_hours: 2 });
    const sessionAged = async (createdAgo: string, seenAgo: string) => {
      const session = await login(t.app, user.email, user.password);
      const id = await newestSessionId();
      await t.database.db.execute(`update sessions set created_at = now() - interval '${createdAgo}', last_seen_at = now() - interval '${seenAgo}' where id = ${id}`);
      return (await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers })).statusCode;
    };
    try {
      expect(await sessionAged('1 hour', '20 minutes')).toBe(200);
      expect(await sessionAged('1 hour', '40 minutes')).toBe(401);
      expect(await sessionAged('3 hours', '1 minute')).toBe(401);
    } finally {
      await setLimits({ session_idle_timeout_minutes: null, session_absolute_timeout_hours: 336 });
    }
  });

  it('records a session\'s activity when the last record is a minute old, and not sooner', async () => {
    const session = await login(t.app, user.email, user.password);
    const sessionId = await newestSessionId();
    const lastSeen = async () =>
      (await rowsOf<{ old: boolean }>(`select extract(epoch from now() - last_seen_at) > 60 as old from sessions where id = ${sessionId}`))[0]?.old;
    await t.database.db.execute(`update sessions set last_seen_at = now() - interval '50 seconds' where id = ${sessionId}`);
    await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers });
    await t.database.db.execute(`update sessions set last_seen_at = last_seen_at - interval '20 seconds' where id = ${sessionId}`);
    expect(await lastSeen()).toBe(true);
    await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers });
    expect(await lastSeen()).toBe(false);
  });

  it('sees each change to a session in use at its next request: a role taken away, a shorter limit, a deactivation', async () => {
    const other = await createUser(t.database, { password: 'pw-pw-pw-pw', roles: ['AU'] });
    const session = await login(t.app, other.email, 'pw-pw-pw-pw');
    const settings = async () => (await t.app.inject({ method: 'GET', url: '/rest/settings/company/authentication/', headers: session.headers })).statusCode;
    for (let i = 0; i < 3; i += 1) expect(await settings()).toBe(200);
    await t.database.db.execute(`update users set roles = '{}' where id = ${other.id}`);
    expect(await settings()).toBe(403);
    await t.database.db.execute(`update users set roles = '{AU}' where id = ${other.id}`);
    expect(await settings()).toBe(200);
    await t.database.db.execute(`update sessions set created_at = now() - interval '3 hours' where id = ${await newestSessionId()}`);
    expect(await settings()).toBe(200);
    await t.database.db.execute('update company_settings set session_absolute_timeout_hours = 2');
    try {
      expect(await settings()).toBe(401);
    } finally {
      await t.database.db.execute('update company_settings set session_absolute_timeout_hours = 336');
    }
    const again = await login(t.app, other.email, 'pw-pw-pw-pw');
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: again.headers })).statusCode).toBe(200);
    await t.database.db.execute(`update users set is_active = false where id = ${other.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: again.headers })).statusCode).toBe(401);
  });

  it('refuses a deactivated user', async () => {
    const other = await createUser(t.database, { password: 'pw-pw-pw-pw' });
    await t.database.db.execute(`update users set is_active = false where id = ${other.id}`);
    const response = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email: other.email, password: 'pw-pw-pw-pw' } });
    expect(response.statusCode).toBe(400);
  });

  it('serves the OpenAPI document without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    // The whole document is pinned by openapi-document.test.ts; here, that no session is needed to read it.
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/rest/auth/login/', '/rest/auth/logout/', '/rest/users/me/']));
  });
});
