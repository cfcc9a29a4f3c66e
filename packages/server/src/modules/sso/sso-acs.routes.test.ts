import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { createUser, newSession, type TestSession } from '../../../test/login.ts';
import { generateKeyPair, type KeyPair } from './testing/key-pair.ts';
import { type ResponseOptions, signedResponse } from './testing/signed-response.ts';
import { enableSso, finishSignOn, IDP_ENTITY_ID, postResponse, startSignOn } from './testing/sso-flow.ts';

const MINUTE = 60_000;

describe.each(DATABASES)('SAML assertion consumer on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let idp: KeyPair;
  let stranger: KeyPair;
  let sp: { spEntityId: string; acsUrl: string };
  let jane: { id: number; email: string };

  beforeAll(async () => {
    [idp, stranger] = await Promise.all([generateKeyPair('idp.example.test'), generateKeyPair('stranger.example.test')]);
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    sp = await enableSso(t.app, admin, idp);
    jane = await createUser(t.database, { email: `jane-${kind}@example.com` });
  });
  afterAll(() => t.close());

  /** A response to a request we really issued, for `nameId`, with `overrides`. */
  const respond = async (overrides: Partial<ResponseOptions> = {}, afterSigning?: (xml: string) => string) => {
    const { id, relayState, binding } = await startSignOn(t.app);
    const options: ResponseOptions = {
      keys: idp, sign: 'assertion', issuer: IDP_ENTITY_ID, audience: sp.spEntityId, acsUrl: sp.acsUrl, inResponseTo: id, nameId: jane.email, ...overrides,
    };
    return { samlResponse: signedResponse(options, afterSigning), relayState, binding };
  };
  /** The IdP's post to the ACS, then the same browser following its redirect to the finish URL: the last answer. */
  const signIn = async (response: { samlResponse: string; relayState: string; binding: string }) => {
    const posted = await postResponse(t.app, response.samlResponse, response.relayState);
    expect(posted.statusCode).toBe(303);
    expect(String(posted.headers.location)).toMatch(/^\/rest\/sso\/finish\/\?token=[\w-]{43}$/);
    expect(posted.cookies).toEqual([]);
    return finishSignOn(t.app, String(posted.headers.location), response.binding);
  };
  const count = async (table: 'sessions' | 'users' | 'sso_assertions' | 'sso_sign_ins') => {
    const result = await t.database.db.execute(`select count(*)::int as n from ${table}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };
  /** What a sign-in writes: a refusal writes none of it. */
  const written = async () => ({ sessions: await count('sessions'), users: await count('users'), assertions: await count('sso_assertions'), signIns: await count('sso_sign_ins') });
  const lastRefusal = async () => {
    const result = await t.database.db.execute("select action, object, level, details from audit_events where action = 'sso.refused' order by id desc limit 1");
    return (result as unknown as { rows: { action: string; object: string; level: number; details: { code: string; reason: string } }[] }).rows[0];
  };
  const me = (cookies: { name: string; value: string }[]) =>
    t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });

  /** Posts the response; expects a refusal with `code`, nothing written (no session, user or used assertion) but its audit event. */
  const expectRefused = async (response: { samlResponse: string; relayState: string }, code: string) => {
    const before = await written();
    const answer = await postResponse(t.app, response.samlResponse, response.relayState);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/login?sso_error=${code}`);
    expect(answer.cookies).toEqual([]);
    expect(await written()).toEqual(before);
    const event = await lastRefusal();
    expect(event).toMatchObject({ action: 'sso.refused', level: 2, details: { code } });
    expect(event?.details.reason.length).toBeGreaterThan(10);
  };

  it('signs in with a signed assertion: session cookie, redirect to the RelayState', async () => {
    const response = await respond();
    expect(response.relayState).toBe('/groups/');
    const answer = await signIn(response);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/groups/');
    expect(answer.cookies.map((cookie) => [cookie.name, cookie.httpOnly ?? false, cookie.sameSite])).toEqual([
      ['sessionid', true, 'Lax'],
      ['csrftoken', false, 'Lax'],
      ['sso_binding', true, 'Lax'],
    ]);
    expect(answer.cookies[2]).toMatchObject({ value: '', path: '/rest/sso/' });
    const who = await me(answer.cookies.slice(0, 2));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ id: jane.id, email: jane.email });
    const events = await t.database.db.execute(`select action, object from audit_events where actor_id = ${jane.id} order by id`);
    expect((events as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'sso.assertion_accepted', object: `user:${jane.id}` },
      { action: 'sso.finished', object: `user:${jane.id}` },
      { action: 'auth.login', object: expect.stringMatching(/^session:\d+$/) },
    ]);
  });

  it('signs in with a signed response (the assertion inside unsigned)', async () => {
    const answer = await signIn(await respond({ sign: 'response' }));
    expect(answer.headers.location).toBe('/groups/');
    expect((await me(answer.cookies)).statusCode).toBe(200);
  });

  it('keeps RelayState to local paths', async () => {
    const answer = await signIn({ ...(await respond()), relayState: '//evil.example/' });
    expect(answer.headers.location).toBe('/');
    const started = await startSignOn(t.app, 'https://evil.example/');
    expect(started.relayState).toBe('/');
  });

  it('refuses a response signed with a key other than the configured certificate', async () => {
    await expectRefused(await respond({ keys: stranger }), 'invalid_signature');
  });

  it('refuses a broken signature', async () => {
    const flipFirst = (xml: string) => {
      const broken = xml.replace(/(<(?:ds:)?SignatureValue>)(.)/, (_m, tag: string, c: string) => `${tag}${c === 'A' ? 'B' : 'A'}`);
      expect(broken).not.toBe(xml);
      return broken;
    };
    await expectRefused(await respond({}, flipFirst), 'invalid_signature');
  });

  it('refuses an assertion whose NameID was changed after signing', async () => {
    await expectRefused(await respond({}, (xml) => xml.replace(jane.email, admin.email)), 'invalid_signature');
  });

  it('refuses an expired assertion', async () => {
    await expectRefused(await respond({ notBefore: new Date(Date.now() - 20 * MINUTE), notOnOrAfter: new Date(Date.now() - 10 * MINUTE) }), 'expired');
  });

  it('refuses an assertion not valid yet', async () => {
    await expectRefused(await respond({ notBefore: new Date(Date.now() + 10 * MINUTE), notOnOrAfter: new Date(Date.now() + 20 * MINUTE) }), 'not_yet_valid');
  });

  it('accepts a clock a minute off', async () => {
    expect((await signIn(await respond({ notBefore: new Date(Date.now() + MINUTE) }))).headers.location).toBe('/groups/');
  });

  it('refuses an assertion meant for another service provider', async () => {
    await expectRefused(await respond({ audience: 'https://other-sp.example.test/' }), 'wrong_audience');
  });

  it('refuses an assertion for another ACS', async () => {
    await expectRefused(await respond({ acsUrl: 'https://other-sp.example.test/acs' }), 'wrong_recipient');
  });

  it('refuses an assertion of another issuer', async () => {
    await expectRefused(await respond({ issuer: 'https://other-idp.example.test/' }), 'wrong_issuer');
  });

  it('refuses a response to a request we never sent', async () => {
    await expectRefused(await respond({ inResponseTo: '_never-issued' }), 'unknown_request');
  });

  it('refuses a replayed assertion', async () => {
    const response = await respond();
    expect((await signIn(response)).headers.location).toBe('/groups/');
    await expectRefused(response, 'replayed');
  });

  it('refuses the same assertion sent again in a new response', async () => {
    const assertionId = '_replayed-assertion-id';
    expect((await signIn(await respond({ assertionId }))).headers.location).toBe('/groups/');
    await expectRefused(await respond({ assertionId }), 'replayed');
  });

  it('finishes only in the browser that started the sign-on, once', async () => {
    const response = await respond();
    const posted = await postResponse(t.app, response.samlResponse, response.relayState);
    const finishUrl = String(posted.headers.location);
    const before = await written();
    for (const binding of [undefined, (await startSignOn(t.app)).binding]) {
      const answer = await finishSignOn(t.app, finishUrl, binding);
      expect([answer.statusCode, answer.headers.location]).toEqual([302, binding ? '/login?sso_error=unknown_request' : '/login?sso_error=wrong_browser']);
      expect(answer.cookies).toEqual([]);
    }
    expect(await written()).toEqual({ ...before, signIns: Number(before.signIns) - 1 });
    const refusals = await t.database.db.execute("select details->>'code' as code from audit_events where action = 'sso.refused' order by id desc limit 2");
    expect((refusals as unknown as { rows: unknown[] }).rows).toEqual([{ code: 'unknown_request' }, { code: 'wrong_browser' }]);
    expect((await finishSignOn(t.app, '/rest/sso/finish/?token=made-up', response.binding)).headers.location).toBe('/login?sso_error=unknown_request');
  });

  it('refuses a deactivated user', async () => {
    const gone = await createUser(t.database, { email: `gone-${kind}@example.com` });
    await t.database.db.execute(`update users set is_active = false where id = ${gone.id}`);
    await expectRefused(await respond({ nameId: gone.email }), 'inactive_user');
  });

  it('refuses an unknown e-mail unless users may be created', async () => {
    await expectRefused(await respond({ nameId: `new-${kind}@example.com` }), 'unknown_user');
    expect((await t.app.inject({ method: 'PATCH', url: '/rest/settings/sso/', headers: admin.headers, payload: { create_unknown_users: true } })).statusCode).toBe(200);
    try {
      const answer = await signIn(await respond({ nameId: `New-${kind}@Example.com` }));
      expect(answer.headers.location).toBe('/groups/');
      const who = (await me(answer.cookies)).json<{ email: string; roles: string[] }>();
      expect([who.email, who.roles]).toEqual([`new-${kind}@example.com`, ['U']]);
      const events = await t.database.db.execute("select action, level, details from audit_events where action = 'sso.user_created' order by id desc limit 1");
      expect((events as unknown as { rows: unknown[] }).rows).toEqual([{ action: 'sso.user_created', level: 4, details: { email: `new-${kind}@example.com`, roles: ['U'] } }]);
    } finally {
      await t.app.inject({ method: 'PATCH', url: '/rest/settings/sso/', headers: admin.headers, payload: { create_unknown_users: false } });
    }
  });

  it('reads the e-mail from the configured attribute', async () => {
    await enableSso(t.app, admin, idp, { email_attribute: 'mail' });
    try {
      const answer = await signIn(await respond({ nameId: 'opaque-id-4711', attributes: { mail: jane.email } }));
      expect((await me(answer.cookies)).json()).toMatchObject({ id: jane.id });
      await expectRefused(await respond({ nameId: jane.email }), 'no_email');
    } finally {
      await enableSso(t.app, admin, idp, { email_attribute: '' });
    }
  });

  it('refuses what is not a SAML response', async () => {
    await expectRefused({ samlResponse: Buffer.from('<html/>').toString('base64'), relayState: '/' }, 'invalid_response');
    await expectRefused({ samlResponse: Buffer.from('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>').toString('base64'), relayState: '/' }, 'invalid_response');
  });

  it('refuses everything while single sign-on is off', async () => {
    const response = await respond();
    await t.app.inject({ method: 'PATCH', url: '/rest/settings/sso/', headers: admin.headers, payload: { enabled: false } });
    try {
      await expectRefused(response, 'disabled');
      const login = await t.app.inject({ method: 'GET', url: '/rest/sso/login/' });
      expect([login.statusCode, login.headers.location]).toEqual([302, '/login?sso_error=disabled']);
    } finally {
      await t.app.inject({ method: 'PATCH', url: '/rest/settings/sso/', headers: admin.headers, payload: { enabled: true } });
    }
  });
});
