import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, login, type TestSession } from '../../../test/login.ts';

const YEAR = 365 * 24 * 3600;
/** A timestamp column as epoch milliseconds, the same on PGlite and PostgreSQL. */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8 as ${column}`;

describe.each(DATABASES)('API keys on %s', (kind) => {
  let t: TestApp;
  let ada: { id: number; email: string; password: string };
  let session: TestSession;
  let admin: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ada = await createUser(t.database, { password: 'ada-passw0rd' });
    session = await login(t.app, ada.email, ada.password);
    const root = await createUser(t.database, { roles: ['AU'] });
    admin = await login(t.app, root.email, root.password);
  });
  afterAll(() => t.close());

  const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const rows = async (query: string): Promise<unknown[]> => ((await t.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const newKey = async (headers: Record<string, string>, validity = 3600): Promise<string> => {
    const response = await t.app.inject({ method: 'POST', url: '/api/key/', headers, payload: { validity } });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: { key: string } }>().results.key;
  };

  it('makes a key with the session, in the /api/ envelope, and stores only its sha256', async () => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/key/', headers: session.headers, payload: { validity: 7200 } });
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    const body = response.json<{ meta: unknown; results: { key: string; expires: string } }>();
    expect(body).toEqual({ meta: { code: 200 }, results: { key: expect.stringMatching(/^blk_[\w-]{43}$/), expires: expect.any(String) } });
    const expires = Date.parse(body.results.expires);
    expect(expires).toBeGreaterThanOrEqual(before + 7200_000);
    expect(expires).toBeLessThanOrEqual(after + 7200_000);
    const stored = await rows(`select token_hash, ${ms('expires_at')} from api_keys where user_id = ${ada.id}`);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(body.results.key).digest('hex'), expires_at: expires }]);
  });

  it('acts with its user on /rest/ and /api/, unsafe calls without a CSRF token, and records when it was last used', async () => {
    const key = await newKey(session.headers);
    const me = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(key) });
    expect([me.statusCode, me.json<{ id: number }>().id]).toEqual([200, ada.id]);
    const group = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: bearer(key), payload: { name: 'From CI' } });
    expect(group.statusCode).toBe(201);
    const info = await t.app.inject({ method: 'GET', url: '/api/key/', headers: bearer(key) });
    expect(info.statusCode).toBe(200);
    const [row] = (await rows(`select ${ms('created_at')}, ${ms('expires_at')}, ${ms('last_used_at')} from api_keys where user_id = ${ada.id}`)) as Record<string, number>[];
    const iso = (column: string) => new Date(row?.[column] ?? Number.NaN).toISOString();
    expect(info.json()).toEqual({ meta: { code: 200 }, results: { created: iso('created_at'), expires: iso('expires_at'), last_used: iso('last_used_at') } });
  });

  it('keeps one key per user: a new key replaces the old one', async () => {
    const first = await newKey(session.headers);
    const second = await newKey(session.headers);
    const old = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(first) });
    expect([old.statusCode, old.json()]).toEqual([401, { detail: 'Invalid or expired API key.' }]);
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(second) })).statusCode).toBe(200);
    expect(await rows(`select count(*)::int as n from api_keys where user_id = ${ada.id}`)).toEqual([{ n: 1 }]);
  });

  it('makes a key with HTTP Basic, never with a key, and answers 401 for a bad password (Basic is ignored on /rest/)', async () => {
    const key = await newKey({ authorization: basic(ada.email, ada.password) });
    const withKey = await t.app.inject({ method: 'POST', url: '/api/key/', headers: bearer(key), payload: { validity: 60 } });
    expect([withKey.statusCode, withKey.json()]).toEqual([
      403,
      { meta: { code: 403 }, detail: 'An API key cannot make this call; sign in with your session or with HTTP Basic (email and password).' },
    ]);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/key/', headers: { authorization: basic(ada.email, 'nope') }, payload: { validity: 60 } });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Invalid email or password.' }]);
    const rest = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: { authorization: basic(ada.email, ada.password) } });
    expect([rest.statusCode, rest.json()]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/key/' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Authentication credentials were not provided.' }]);
  });

  it('asks a session for its CSRF token and checks the validity', async () => {
    const { cookie } = session.headers;
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/key/', headers: { cookie }, payload: { validity: 60 } });
    expect([noCsrf.statusCode, noCsrf.json()]).toEqual([403, { meta: { code: 403 }, detail: 'CSRF token missing or incorrect.' }]);
    const cases: [unknown, string][] = [
      [0, 'Ensure this value is greater than or equal to 1.'],
      [YEAR + 1, `Ensure this value is less than or equal to ${YEAR}.`],
      [1.5, 'A valid integer is required.'],
      ['soon', 'A valid integer is required.'],
    ];
    for (const [validity, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/key/', headers: session.headers, payload: { validity } });
      expect([response.statusCode, response.json()], String(validity)).toEqual([400, { meta: { code: 400 }, validity: [message] }]);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/key/', headers: session.headers, payload: {} });
    expect(missing.json()).toEqual({ meta: { code: 400 }, validity: ['This field is required.'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/key/', headers: session.headers, payload: { validity: YEAR } })).statusCode).toBe(200);
  });

  it('answers unknown /api/ paths and unreadable bodies in the envelope too', async () => {
    const key = await newKey(session.headers);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing/', headers: bearer(key) });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { meta: { code: 404 }, detail: 'Not found.' }]);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/key/', headers: { ...session.headers, 'content-type': 'application/json' }, payload: '{"validity":' });
    expect([malformed.statusCode, malformed.json<{ meta: unknown }>().meta]).toEqual([400, { code: 400 }]);
    const emptyBearer = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: { authorization: 'Bearer ' } });
    expect([emptyBearer.statusCode, emptyBearer.json()]).toEqual([401, { detail: 'Invalid or expired API key.' }]);
  });

  it('invalidates the caller’s key, with an audit event', async () => {
    const key = await newKey(session.headers);
    const response = await t.app.inject({ method: 'POST', url: '/rest/api-keys/invalidate/', headers: bearer(key) });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(key) })).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/api/key/', headers: session.headers });
    expect([none.statusCode, none.json()]).toEqual([404, { meta: { code: 404 }, detail: 'You have no API key.' }]);
    expect((await t.app.inject({ method: 'POST', url: '/rest/api-keys/invalidate/', headers: session.headers })).statusCode).toBe(204);
    const events = await rows(`select action, level from audit_events where actor_id = ${ada.id} and action like 'api_key.%' order by id desc limit 2`);
    expect(events).toEqual([{ action: 'api_key.invalidate', level: 3 }, { action: 'api_key.create', level: 3 }]);
  });

  it('refuses an expired key, and the key and HTTP Basic of a deactivated user', async () => {
    const user = await createUser(t.database, { password: 'pw-pw-pw-pw' });
    const key = await newKey({ authorization: basic(user.email, 'pw-pw-pw-pw') });
    await t.database.db.execute(`update api_keys set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(key) })).json()).toEqual({ detail: 'Invalid or expired API key.' });
    const fresh = await newKey({ authorization: basic(user.email, 'pw-pw-pw-pw') });
    await t.database.db.execute(`update users set is_active = false where id = ${user.id}`);
    const byKey = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(fresh) });
    expect([byKey.statusCode, byKey.json()]).toEqual([401, { detail: 'Invalid or expired API key.' }]);
    const byBasic = await t.app.inject({ method: 'GET', url: '/api/key/', headers: { authorization: basic(user.email, 'pw-pw-pw-pw') } });
    expect([byBasic.statusCode, byBasic.json()]).toEqual([401, { meta: { code: 401 }, detail: 'Invalid email or password.' }]);
  });

  describe('networks', () => {
    const networks = (headers: Record<string, string>, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url: '/rest/api-key-networks/', headers, ...(payload ? { payload } : {}) });

    it('are listed, added and deleted by change_companyaccount only, and checked', async () => {
      expect((await networks(session.headers)).statusCode).toBe(403);
      expect((await networks(session.headers, 'POST', { network: '10.0.0.0/8' })).statusCode).toBe(403);
      const bad: [string, string][] = [
        ['10.0.0.300/8', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
        ['10.1.0.0/8', 'The address has bits set after the prefix; the network is 10.0.0.0/8.'],
        ['2001:db8::/200', 'The prefix length of an IPv6 network is at most 128.'],
        ['', 'This field may not be blank.'],
      ];
      for (const [network, message] of bad) {
        const response = await networks(admin.headers, 'POST', { network });
        expect([response.statusCode, response.json()], network).toEqual([400, { network: [message] }]);
      }
      const v6 = await networks(admin.headers, 'POST', { network: '2001:DB8:0::/32' });
      expect(v6.statusCode).toBe(201);
      const created = v6.json<{ id: number; created: string }>();
      expect(created).toEqual({ id: created.id, network: '2001:db8::/32', created: created.created });
      const again = await networks(admin.headers, 'POST', { network: '2001:db8::/32' });
      expect([again.statusCode, again.json()]).toEqual([400, { network: ['This network is already in the list.'] }]);
      expect((await networks(admin.headers)).json()).toEqual({ count: 1, results: [created], links: { next: null, previous: null } });
      const removed = await t.app.inject({ method: 'DELETE', url: `/rest/api-key-networks/${created.id}/`, headers: admin.headers });
      expect(removed.statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'DELETE', url: `/rest/api-key-networks/${created.id}/`, headers: admin.headers });
      expect([gone.statusCode, gone.json()]).toEqual([404, { detail: 'Not found.' }]);
      expect(await rows(`select action, details->>'network' as network from audit_events where action like 'api_key_network.%' order by id`)).toEqual([
        { action: 'api_key_network.create', network: '2001:db8::/32' },
        { action: 'api_key_network.delete', network: '2001:db8::/32' },
      ]);
    });

    it('let a key in only from inside one of them, over a real socket, and audit a refusal', async () => {
      const key = await newKey(session.headers);
      const added = await networks(admin.headers, 'POST', { network: '127.0.0.1' });
      expect(added.json<{ network: string }>().network).toBe('127.0.0.1/32');
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const from = (localAddress: string) => get(port, localAddress, '/rest/users/me/', bearer(key));

      expect((await from('127.0.0.1')).status).toBe(200);
      expect(await from('127.0.0.2')).toEqual({
        status: 403,
        body: { detail: "API keys are not accepted from 127.0.0.2: it is outside the account's API-key networks." },
      });
      // A session is not a key: the networks do not apply to it.
      expect((await get(port, '127.0.0.2', '/rest/users/me/', { cookie: session.headers.cookie })).status).toBe(200);
      expect(await rows(`select action, actor_id, level, details->>'address' as address from audit_events where action = 'api_key.refused'`)).toEqual([
        { action: 'api_key.refused', actor_id: ada.id, level: 3, address: '127.0.0.2' },
      ]);
      // IPv6 clients are matched against IPv6 networks (inject's remoteAddress, the same hook).
      const v6 = await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(key), remoteAddress: '::1' });
      expect(v6.statusCode).toBe(403);
      await networks(admin.headers, 'POST', { network: '::1/128' });
      expect((await t.app.inject({ method: 'GET', url: '/rest/users/me/', headers: bearer(key), remoteAddress: '::1' })).statusCode).toBe(200);

      const list = (await networks(admin.headers)).json<{ results: { id: number }[] }>().results;
      for (const { id } of list) await t.app.inject({ method: 'DELETE', url: `/rest/api-key-networks/${id}/`, headers: admin.headers });
      expect((await from('127.0.0.2')).status).toBe(200);
    });
  });
});

/** GET over a real TCP connection whose client end is bound to `localAddress`. */
function get(port: number, localAddress: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    request.on('error', reject);
    request.end();
  });
}
