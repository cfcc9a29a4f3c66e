import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/login.ts';

// Issue 15: after 10 failed sign-ins for one account or from one address within 15 minutes,
// 429 with Retry-After and {detail}, and an audit event. Each case signs in from its own address.
describe.each(DATABASES)('the sign-in limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email, password }, remoteAddress });
  const basic = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/key/', headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` }, remoteAddress });
  const rows = async (query: string): Promise<unknown[]> => ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const locked = { detail: 'Too many failed sign-ins. Try again later.' };
  const failTimes = async (times: number, attempt: (index: number) => Promise<{ statusCode: number }>) => {
    for (let index = 0; index < times; index += 1) expect((await attempt(index)).statusCode).toBe(400);
  };

  it('locks an account after 10 failures from any addresses, right password or not, and says so once in the audit feed', async () => {
    const user = await createUser(t.database, { password: 'right-password' });
    const start = Date.now();
    await failTimes(10, (index) => signIn(user.email, `wrong-${index}`, `10.1.0.${index + 1}`));
    const refused = await signIn(user.email, 'right-password', '10.1.1.1');
    expect([refused.statusCode, refused.json()]).toEqual([429, locked]);
    // Until the first failure is 15 minutes old.
    const elapsed = Math.ceil((Date.now() - start) / 1000);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(900 - elapsed);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another account from those addresses is not locked.
    const other = await createUser(t.database, { password: 'other-password' });
    expect((await signIn(other.email, 'other-password', '10.1.0.1')).statusCode).toBe(200);
    expect(await rows(`select action, level, object, details->>'failures_for_email' as failures from audit_events where object = 'user:${user.id}' order by id`)).toEqual([
      ...Array.from({ length: 9 }, (_, index) => ({ action: 'auth.sign_in_failed', level: 2, object: `user:${user.id}`, failures: String(index + 1) })),
      { action: 'auth.sign_in_locked', level: 4, object: `user:${user.id}`, failures: '10' },
    ]);
  });

  it('locks an address after 10 failures for any emails, known or not; other addresses sign in', async () => {
    const user = await createUser(t.database, { password: 'right-password' });
    await failTimes(10, (index) => signIn(`nobody-${index}@example.com`, 'guess', '10.2.0.1'));
    const refused = await signIn(user.email, 'right-password', '10.2.0.1');
    expect([refused.statusCode, refused.json()]).toEqual([429, locked]);
    expect((await signIn(user.email, 'right-password', '10.2.0.2')).statusCode).toBe(200);
  });

  it('treats an unknown email as a known one', async () => {
    await failTimes(10, (index) => signIn('ghost@example.com', 'guess', `10.3.0.${index + 1}`));
    const refused = await signIn('ghost@example.com', 'guess', '10.3.1.1');
    expect([refused.statusCode, refused.json()]).toEqual([429, locked]);
  });

  it('counts HTTP Basic on /api/ with the login form, and answers it 429 too', async () => {
    const user = await createUser(t.database, { password: 'right-password' });
    for (let index = 0; index < 5; index += 1) expect((await basic(user.email, 'wrong', '10.4.0.1')).statusCode).toBe(401);
    await failTimes(5, () => signIn(user.email, 'wrong', '10.4.0.1'));
    const form = await signIn(user.email, 'right-password', '10.4.0.9');
    expect([form.statusCode, form.json()]).toEqual([429, locked]);
    const api = await basic(user.email, 'right-password', '10.4.0.9');
    expect([api.statusCode, api.json(), api.headers['retry-after'] !== undefined]).toEqual([429, { meta: { code: 429 }, ...locked }, true]);
  });

  it('does not count sign-ins that succeed, and lifts the lock when the oldest failures are 15 minutes old', async () => {
    const user = await createUser(t.database, { password: 'right-password' });
    for (let index = 0; index < 12; index += 1) expect((await signIn(user.email, 'right-password', '10.5.0.1')).statusCode).toBe(200);
    await failTimes(10, () => signIn(user.email, 'wrong', '10.5.0.1'));
    expect((await signIn(user.email, 'right-password', '10.5.0.1')).statusCode).toBe(429);
    // The oldest failure leaves the window: 9 remain, one more attempt may go.
    await t.database.db.execute(`update sign_in_failures set at = now() - interval '16 minutes' where id = (select min(id) from sign_in_failures where email = '${user.email}')`);
    expect((await signIn(user.email, 'right-password', '10.5.0.1')).statusCode).toBe(200);
    await t.database.db.execute(`update sign_in_failures set at = now() - interval '14 minutes' where email = '${user.email}'`);
    await failTimes(1, () => signIn(user.email, 'wrong', '10.5.0.1'));
    const refused = await signIn(user.email, 'right-password', '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    // The 10th most recent failure is one of the 14-minute-old ones: about 60 s to go.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('refuses a deactivated user with the answer of a wrong password', async () => {
    const user = await createUser(t.database, { password: 'right-password' });
    await t.database.db.execute(`update users set is_active = false where id = ${user.id}`);
    const response = await signIn(user.email, 'right-password', '10.6.0.1');
    expect([response.statusCode, response.json()]).toEqual([400, { non_field_errors: ['Unable to log in with the provided credentials.'] }]);
  });
});
