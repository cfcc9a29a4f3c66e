import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

describe.each(DATABASES)('outbound networks on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let member: TestSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    member = await newSession(t.app, t.database);
  });
  afterAll(() => t.close());

  const call = (session: TestSession | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(session ? { headers: session.headers } : {}), ...(payload ? { payload } : {}) });

  it('adds networks in canonical form, lists and removes them', async () => {
    const added = await call(admin, 'POST', '/rest/outbound-networks/', { network: ' 2001:DB8:0::/32 ' });
    expect(added.statusCode).toBe(201);
    const { id, created } = added.json<{ id: number; created: string }>();
    expect(added.json()).toEqual({ id, network: '2001:db8::/32', created });
    expect((await call(admin, 'GET', '/rest/outbound-networks/')).json()).toEqual({ count: 1, links: { next: null, previous: null }, results: [{ id, network: '2001:db8::/32', created }] });
    await expect(t.composition.services.outboundNetworks.allowed()).resolves.toEqual([{ family: 'ipv6', address: '2001:db8::', prefix: 32 }]);
    expect((await call(admin, 'DELETE', `/rest/outbound-networks/${id}/`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/rest/outbound-networks/${id}/`)).statusCode).toBe(404);
  });

  it('answers field errors for a network that is not one, has host bits, or is listed', async () => {
    const cases: [string, string][] = [
      ['localhost', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
      ['10.0.0.1/8', 'The address has bits set after the prefix; the network is 10.0.0.0/8.'],
    ];
    for (const [network, message] of cases) {
      const response = await call(admin, 'POST', '/rest/outbound-networks/', { network });
      expect([response.statusCode, response.json()]).toEqual([400, { network: [message] }]);
    }
    await call(admin, 'POST', '/rest/outbound-networks/', { network: '10.0.0.0/8' });
    const again = await call(admin, 'POST', '/rest/outbound-networks/', { network: '10.0.0.0/8' });
    expect([again.statusCode, again.json()]).toEqual([400, { network: ['This network is already in the list.'] }]);
  });

  it('is for administrators only', async () => {
    expect((await call(member, 'GET', '/rest/outbound-networks/')).statusCode).toBe(403);
    expect((await call(member, 'POST', '/rest/outbound-networks/', { network: '10.1.0.0/16' })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/rest/outbound-networks/')).statusCode).toBe(401);
  });
});
