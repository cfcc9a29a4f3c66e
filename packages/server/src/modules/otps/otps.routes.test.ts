import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, login, type TestSession } from '../../../test/login.ts';
import { base32Decode, timeStep, TOTP_STEP_SECONDS, totpCode } from './totp.ts';

/** The secret in a config_url, as an authenticator app reads it. */
function secretOf(configUrl: string): Buffer {
  return base32Decode(new URL(configUrl).searchParams.get('secret') ?? '');
}

/** The code of the step `offset` steps from now. */
const codeOf = (secret: Buffer, offset = 0) => totpCode(secret, timeStep(new Date()) + offset);

/**
 * Waits for the next 30-second step when this one ends within 12 s. A test reckons its codes
 * from the step it runs in ("the previous step's code", "three steps ahead"); on a loaded
 * machine a step that ended between two requests moved the server's "now" under them.
 */
async function awayFromStepEnd(): Promise<void> {
  const stepMs = TOTP_STEP_SECONDS * 1000;
  const left = stepMs - (Date.now() % stepMs);
  if (left < 12_000) await new Promise((wait) => setTimeout(wait, left + 50));
}

describe.each(DATABASES)('otps routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(awayFromStepEnd);

  const rowsOf = async <T,>(query: string) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, session: TestSession | null, payload?: object) =>
    t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload ? { payload } : {}) });

  /** A user with two-factor sign-in on; its secret and the step its confirming code used. */
  async function enrolled() {
    const user = await createUser(t.database);
    const session = await login(t.app, user.email, user.password);
    const made = await call('POST', '/rest/otps/', session);
    const secret = secretOf(made.json<{ config_url: string }>().config_url);
    // The previous step's code confirms, so the current one is still unspent for the test.
    const confirmed = await call('POST', '/rest/otps/confirm/', session, { code: codeOf(secret, -1) });
    expect(confirmed.statusCode).toBe(200);
    return { user, session, secret };
  }

  it('enrols: an unconfirmed device whose config_url is shown until a code confirms it, which turns otp_active on', async () => {
    const user = await createUser(t.database, { email: 'grace+2fa@example.com' });
    const session = await login(t.app, user.email, user.password);
    expect((await call('GET', '/rest/otps/', session)).json()).toEqual({ count: 0, results: [], links: { next: null, previous: null } });

    const made = await call('POST', '/rest/otps/', session);
    expect(made.statusCode).toBe(201);
    const device = made.json<{ id: number; config_url: string; created: string }>();
    expect(device.config_url).toMatch(/^otpauth:\/\/totp\/Binlens:grace%2B2fa%40example\.com\?secret=[A-Z2-7]{32}&issuer=Binlens$/);
    expect(device).toEqual({ id: device.id, confirmed: false, created: device.created, config_url: device.config_url });
    const listed = await call('GET', '/rest/otps/', session);
    expect(listed.json()).toEqual({ count: 1, results: [device], links: { next: null, previous: null } });

    const secret = secretOf(device.config_url);
    const wrong = await call('POST', '/rest/otps/confirm/', session, { code: codeOf(secret, 5) });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { code: ['This code does not match: enter the six-digit code your authenticator app shows now.'] }]);
    expect((await call('GET', '/rest/users/me/', session)).json<{ otp_active: boolean }>().otp_active).toBe(false);

    const confirmed = await call('POST', '/rest/otps/confirm/', session, { code: codeOf(secret) });
    expect([confirmed.statusCode, confirmed.json()]).toEqual([200, { id: device.id, confirmed: true, created: device.created, config_url: null }]);
    expect((await call('GET', '/rest/users/me/', session)).json<{ otp_active: boolean }>().otp_active).toBe(true);
    expect((await call('GET', '/rest/otps/', session)).json<{ results: unknown[] }>().results).toEqual([{ id: device.id, confirmed: true, created: device.created, config_url: null }]);

    const again = await call('POST', '/rest/otps/confirm/', session, { code: codeOf(secret) });
    expect([again.statusCode, again.json()]).toEqual([400, { detail: 'There is no device waiting for confirmation: start two-factor enrolment first.' }]);
    const second = await call('POST', '/rest/otps/', session);
    expect([second.statusCode, second.json()]).toEqual([409, { detail: 'Two-factor sign-in is already on; turn it off before enrolling another device.' }]);

    expect(await rowsOf(`select action, level from audit_events where object = 'user:${user.id}' order by id`)).toEqual([
      { action: 'otp.enrol', level: 3 },
      { action: 'user.otp_enable', level: 3 },
    ]);
  });

  it('asks a two-factor user for the code at sign-in, refuses a wrong one and one already used', async () => {
    const { user, secret } = await enrolled();
    const missing = await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password });
    expect([missing.statusCode, missing.json()]).toEqual([401, { detail: 'Enter the code from your authenticator app.', otp_required: true }]);
    expect(missing.cookies).toEqual([]);

    const wrong = await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password, otp: codeOf(secret, 3) });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { otp: ['Enter the current six-digit code from your authenticator app.'] }]);
    const wrongPassword = await call('POST', '/rest/auth/login/', null, { email: user.email, password: 'nope', otp: codeOf(secret) });
    expect([wrongPassword.statusCode, wrongPassword.json()]).toEqual([400, { non_field_errors: ['Unable to log in with the provided credentials.'] }]);

    const code = codeOf(secret);
    const good = await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password, otp: code });
    expect(good.statusCode).toBe(200);
    expect(good.cookies.map((c) => c.name).sort()).toEqual(['csrftoken', 'sessionid']);
    const reused = await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password, otp: code });
    expect([reused.statusCode, reused.json()]).toEqual([400, { otp: ['This code was already used. Wait for the next one.'] }]);
    // The confirming code's step (the previous one) is spent too: older codes never come back.
    const older = await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password, otp: codeOf(secret, -1) });
    expect(older.json()).toEqual({ otp: ['This code was already used. Wait for the next one.'] });

    const failures = await rowsOf(`select details->>'reason' as reason from audit_events where action = 'auth.sign_in_failed' and object = 'user:${user.id}' order by id`);
    expect(failures).toEqual([{ reason: 'otp_invalid' }, { reason: null }, { reason: 'otp_reused' }, { reason: 'otp_reused' }]);
  });

  it('counts wrong codes towards the sign-in limit', async () => {
    const { user, secret } = await enrolled();
    for (let i = 0; i < 10; i += 1) {
      const wrong = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', remoteAddress: '10.9.9.9', payload: { email: user.email, password: user.password, otp: '000000' === codeOf(secret) ? '111111' : '000000' } });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/rest/auth/login/', remoteAddress: '10.9.9.9', payload: { email: user.email, password: user.password, otp: codeOf(secret) } });
    expect([locked.statusCode, locked.json()]).toEqual([429, { detail: 'Too many failed sign-ins. Try again later.' }]);
  });

  it('refuses HTTP Basic for a two-factor user: an API key is the way for scripts', async () => {
    const { user } = await enrolled();
    const basic = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    const response = await t.app.inject({ method: 'GET', url: '/api/key/', headers: { authorization: basic } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'Two-factor sign-in is on for this account: HTTP Basic cannot carry a code, so use an API key (Authorization: Bearer).' });
  });

  it('turns two-factor sign-in off with the password or a current code, not without', async () => {
    const { user, session, secret } = await enrolled();
    const none = await call('DELETE', '/rest/otps/', session, {});
    expect([none.statusCode, none.json()]).toEqual([400, { detail: 'Give your password or a current code from your authenticator app.' }]);
    const wrong = await call('DELETE', '/rest/otps/', session, { password: 'nope' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { password: ['This password is not correct.'] }]);
    // A code spent on a sign-in cannot turn two-factor sign-in off, even within its 30 seconds.
    const code = codeOf(secret);
    expect((await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password, otp: code })).statusCode).toBe(200);
    const spent = await call('DELETE', '/rest/otps/', session, { code });
    expect([spent.statusCode, spent.json()]).toEqual([400, { code: ['This code does not match, or was already used.'] }]);

    const off = await call('DELETE', '/rest/otps/', session, { code: codeOf(secret, 1) });
    expect(off.statusCode).toBe(204);
    expect((await call('GET', '/rest/users/me/', session)).json<{ otp_active: boolean }>().otp_active).toBe(false);
    expect((await call('GET', '/rest/otps/', session)).json<{ count: number }>().count).toBe(0);
    expect((await call('POST', '/rest/auth/login/', null, { email: user.email, password: user.password })).statusCode).toBe(200);
    const twice = await call('DELETE', '/rest/otps/', session, { password: user.password });
    expect([twice.statusCode, twice.json()]).toEqual([400, { detail: 'Two-factor sign-in is not on.' }]);

    const again = await enrolled();
    expect((await call('DELETE', '/rest/otps/', again.session, { password: again.user.password })).statusCode).toBe(204);
  });

  it('counts wrong passwords and codes for turning it off as failed sign-ins, up to the limit', async () => {
    const { user, session, secret } = await enrolled();
    const off = (payload: object) => t.app.inject({ method: 'DELETE', url: '/rest/otps/', headers: session.headers, remoteAddress: '10.8.8.8', payload });
    for (let i = 0; i < 9; i += 1) expect((await off({ password: `guess ${i}` })).statusCode).toBe(400);
    expect((await off({ code: codeOf(secret, 4) })).json()).toEqual({ code: ['This code does not match, or was already used.'] });
    const locked = await off({ password: user.password });
    expect([locked.statusCode, locked.json()]).toEqual([429, { detail: 'Too many failed sign-ins. Try again later.' }]);
    // Seconds until the first of the ten failures is 15 minutes old.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    const events = await rowsOf<{ action: string; via: string; reason: string }>(
      `select action, details->>'via' as via, details->>'reason' as reason from audit_events where object = 'user:${user.id}' and action like 'auth.sign_in_%' order by id desc limit 2`,
    );
    expect(events).toEqual([
      { action: 'auth.sign_in_locked', via: 'otp_disable', reason: 'otp_invalid' },
      { action: 'auth.sign_in_failed', via: 'otp_disable', reason: 'password' },
    ]);
    expect((await call('GET', '/rest/users/me/', session)).json<{ otp_active: boolean }>().otp_active).toBe(true);
  });

  it('answers 401 without a session and 403 to an API key; shows no one another user’s device', async () => {
    expect((await call('GET', '/rest/otps/', null)).statusCode).toBe(401);
    const { session } = await enrolled();
    const stranger = await createUser(t.database);
    const other = await login(t.app, stranger.email, stranger.password);
    expect((await call('GET', '/rest/otps/', other)).json<{ count: number }>().count).toBe(0);
    const key = (await call('POST', '/api/key/', session, { validity: 60 })).json<{ results: { key: string } }>().results.key;
    const byKey = await t.app.inject({ method: 'GET', url: '/rest/otps/', headers: { authorization: `Bearer ${key}` } });
    expect(byKey.statusCode).toBe(403);
  });
});
