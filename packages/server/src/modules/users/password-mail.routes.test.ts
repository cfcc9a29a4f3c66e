import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { login, newSession, type TestSession } from '../../../test/login.ts';
import { linkToken, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';

const PASSWORD = 'a long enough password';

describe.each(DATABASES)('invitation and password mails on %s (SMTP on loopback)', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: TestSession;
  let routers: number;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestApp(kind, { mail: smtp.settings('http://binlens.test') });
    admin = await newSession(t.app, t.database, ['AU']);
    routers = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: admin.headers, payload: { name: 'Routers' } })).json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, session: TestSession | null, payload?: object) =>
    t.app.inject({ method: 'POST', url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });
  const setPassword = (token: string, password = PASSWORD) => post('/rest/auth/set-password/', null, { token, password });
  const events = async (userId: number) => {
    const result = await t.database.db.execute(`select actor_id, action, level from audit_events where object = 'user:${userId}' order by id`);
    return (result as unknown as { rows: { actor_id: number | null; action: string; level: number }[] }).rows;
  };
  const invalidLink = { token: ['This link is unknown, already used or expired: ask for a new one.'] };

  it('invites a new user by mail into the groups given; the link sets their password exactly once', async () => {
    const created = await post('/rest/users/', admin, { email: 'Ada@Example.com', groups: [routers], send_email_invite: true });
    const ada = created.json<{ id: number; groups: number[] }>();
    expect([created.statusCode, ada.groups]).toEqual([201, [routers]]);
    const mail = await smtp.nextMail();
    expect([mail.to, mail.from, mail.subject]).toEqual([['ada@example.com'], '"Binlens" <binlens@example.com>', 'You are invited to Binlens']);
    const token = linkToken(mail);
    expect(mail.text).toBe([
      'Hello,',
      `${admin.email} invited you to Binlens. Open this link to choose your password; it works once and expires in 7 days:`,
      `http://binlens.test/set-password?token=${token}`,
      'Then sign in at http://binlens.test/login with ada@example.com.',
    ].join('\n\n'));
    expect(mail.html).toContain(`<a href="http://binlens.test/set-password?token=${token}">`);
    const stored = await t.database.db.execute(`select token_hash, purpose from password_tokens where user_id = ${ada.id}`);
    expect((stored as unknown as { rows: { token_hash: string }[] }).rows.map((row) => row.token_hash)).not.toContain(token);

    const first = await setPassword(token);
    expect(first.statusCode).toBe(204);
    expect((await login(t.app, 'ada@example.com', PASSWORD)).userId).toBe(ada.id);
    const second = await setPassword(token, 'another long password');
    expect([second.statusCode, second.json()]).toEqual([400, invalidLink]);
    await login(t.app, 'ada@example.com', PASSWORD);
    expect(await events(ada.id)).toEqual([
      { actor_id: admin.userId, action: 'user.create', level: 3 },
      { actor_id: admin.userId, action: 'user.invite', level: 3 },
      { actor_id: ada.id, action: 'user.set_password', level: 3 },
    ]);
  });

  it('refuses unknown and expired links, and a short password, with 400', async () => {
    expect((await setPassword('not-a-token')).json()).toEqual(invalidLink);
    await post('/rest/users/', admin, { email: 'late@example.com', send_email_invite: true });
    const token = linkToken(await smtp.nextMail());
    const short = await setPassword(token, 'nine char');
    expect([short.statusCode, short.json()]).toEqual([400, { password: ['Ensure this field has at least 12 characters.'] }]);
    await t.database.db.execute(`update password_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    const expired = await setPassword(token);
    expect([expired.statusCode, expired.json()]).toEqual([400, invalidLink]);
  });

  it("mails an administrator's reset: the old password works until the link is used, an earlier link stops working", async () => {
    const bob = (await post('/rest/users/', admin, { email: 'bob@example.com', password: PASSWORD })).json<{ id: number }>();
    const session = await login(t.app, 'bob@example.com', PASSWORD);
    expect((await post(`/rest/users/${bob.id}/reset_password/`, admin)).json()).toEqual({ detail: 'A link to set a new password was mailed to the user.' });
    const earlier = linkToken(await smtp.nextMail());
    const response = await post(`/rest/users/${bob.id}/reset_password/`, admin);
    expect(response.statusCode).toBe(200);
    const mail = await smtp.nextMail();
    expect([mail.to, mail.subject]).toEqual([['bob@example.com'], 'Set a new Binlens password']);
    await login(t.app, 'bob@example.com', PASSWORD);
    expect((await setPassword(earlier, 'the newest password')).json()).toEqual(invalidLink);
    expect((await setPassword(linkToken(mail), 'the newest password')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: session.headers })).statusCode).toBe(401);
    await login(t.app, 'bob@example.com', 'the newest password');
    expect((await post('/rest/users/2147483647/reset_password/', admin)).statusCode).toBe(404);
  });

  it('answers a forgotten-password request with 202 for any email, and mails only an active user', async () => {
    const carol = (await post('/rest/users/', admin, { email: 'carol@example.com', password: PASSWORD })).json<{ id: number }>();
    const dave = (await post('/rest/users/', admin, { email: 'dave@example.com', password: PASSWORD })).json<{ id: number }>();
    await t.app.inject({ method: 'PATCH', url: `/rest/users/${dave.id}/`, headers: admin.headers, payload: { is_active: false } });
    const accepted = { detail: 'If an active account has this email, a link to set a new password is on its way.' };
    for (const email of ['nobody@example.com', 'dave@example.com']) {
      const response = await post('/rest/auth/password-reset/', null, { email });
      expect([response.statusCode, response.json()], email).toEqual([202, accepted]);
    }
    const tokens = async (id: number) => Number((await t.database.db.execute(`select count(*)::int as n from password_tokens where user_id = ${id}`) as unknown as { rows: { n: number }[] }).rows[0]?.n);
    expect(await tokens(dave.id)).toBe(0);
    const response = await post('/rest/auth/password-reset/', null, { email: ' CAROL@example.com ' });
    expect(response.statusCode).toBe(202);
    const mail = await smtp.nextMail();
    expect([mail.to, mail.subject]).toEqual([['carol@example.com'], 'Set a new Binlens password']);
    expect((await setPassword(linkToken(mail), 'carol chose this one')).statusCode).toBe(204);
    await login(t.app, 'carol@example.com', 'carol chose this one');
    expect((await events(carol.id)).map((event) => [event.actor_id, event.action])).toEqual([
      [admin.userId, 'user.create'],
      [null, 'user.request_password_reset'],
      [carol.id, 'user.set_password'],
    ]);
  });

  it('mails at most 3 self-service links to one user an hour, and takes 5 requests from one address per 15 minutes', async () => {
    const erin = (await post('/rest/users/', admin, { email: 'erin@example.com', password: PASSWORD })).json<{ id: number }>();
    // From an address of its own, so that the other tests' requests do not count.
    const request = () => t.app.inject({ method: 'POST', url: '/rest/auth/password-reset/', remoteAddress: '10.0.0.7', payload: { email: 'erin@example.com' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await request()).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    for (let i = 0; i < 3; i += 1) expect((await smtp.nextMail()).to).toEqual(['erin@example.com']);
    const count = await t.database.db.execute(`select count(*)::int as n from password_tokens where user_id = ${erin.id}`);
    expect((count as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 3 }]);
    const limited = await request();
    expect([limited.statusCode, limited.json(), limited.headers['retry-after']]).toEqual([429, { detail: 'Too many password reset requests from this address. Try again later.' }, '900']);
    expect(smtp.pending()).toBe(0);
  });

  it('sends a test mail to a user', async () => {
    const frank = (await post('/rest/users/', admin, { email: 'frank@example.com', password: PASSWORD })).json<{ id: number }>();
    const response = await post(`/rest/users/${frank.id}/test_email/`, admin);
    expect([response.statusCode, response.json()]).toEqual([200, { detail: 'A test mail was sent to the user.' }]);
    const mail = await smtp.nextMail();
    expect([mail.to, mail.subject, mail.text]).toEqual([
      ['frank@example.com'],
      'Binlens test mail',
      `Hello,\n\n${admin.email} sent this test mail from Binlens (http://binlens.test) to check that mail reaches you. Nothing else needs to be done.`,
    ]);
  });

  it('answers 502 with the reason when the mail server refuses the mail; the invited user stays', async () => {
    smtp.refuseAll('mailbox unavailable');
    const response = await post('/rest/users/', admin, { email: 'grace@example.com', send_email_invite: true });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ detail: string }>().detail).toMatch(/^The mail to grace@example\.com could not be sent: .*mailbox unavailable/);
    const listed = await t.app.inject({ method: 'GET', url: '/rest/users/?q=grace@', headers: admin.headers });
    expect(listed.json<{ count: number }>().count).toBe(1);
  });
});
