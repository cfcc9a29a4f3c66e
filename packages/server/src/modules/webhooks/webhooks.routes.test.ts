import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { multipart } from '../../../test/files.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { startWebhookWorkers } from '../../jobs/webhook.ts';

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 500 to the first delivery and 204 to the others. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(deliveries.length === 1 ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/binlens`, deliveries, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(DATABASES)('group webhooks on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const { composition } = t;
    await startWebhookWorkers(t.app, {
      webhooks: composition.repositories.webhooks,
      allowedNetworks: () => composition.services.outboundNetworks.allowed(),
      retryDelaySeconds: 1,
    });
    admin = await newSession(t.app, t.database, ['AU']);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Hooked' } })).json<{ id: number }>().id;
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const hook = (session: TestSession, method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
    t.app.inject({ method, url: `/rest/groups/${groupId}/webhook/`, headers: session.headers, ...(payload ? { payload } : {}) });

  it('refuses a receiver on loopback until an administrator allows its network', async () => {
    const refused = await hook(alice, 'PUT', { url: receiver.url });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { url: ['The address 127.0.0.1 is a loopback address; requests to it are refused unless an administrator allows its network (Account → Outbound networks).'] },
    ]);
    const bad = await hook(alice, 'PUT', { url: 'file:///etc/passwd' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { url: ['Only http and https URLs can be fetched.'] }]);
    expect((await hook(alice, 'GET')).json()).toEqual({ url: null, created: null, updated: null });
  });

  it('delivers a signed summary when a scan ends, again after the receiver answered 500', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/rest/outbound-networks/', headers: admin.headers, payload: { network: '127.0.0.1/32' } })).statusCode).toBe(201);
    const saved = await hook(alice, 'PUT', { url: receiver.url });
    expect(saved.statusCode).toBe(200);
    const { secret, ...shown } = saved.json<{ secret: string; url: string; created: string; updated: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(shown.url).toBe(receiver.url);
    // The secret is shown once: neither a read nor a change of the URL answers it.
    expect((await hook(alice, 'GET')).json()).toEqual(shown);
    expect((await hook(alice, 'PUT', { url: receiver.url })).json<{ secret: null }>().secret).toBeNull();

    const body = multipart('file', 'app.tar', findingsFile({ components: [component({ name: 'left-pad', version: '1.3.0' })] }));
    const upload = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...alice.headers, ...body.headers }, payload: body.payload });
    const scanId = upload.json<{ id: number }>().id;

    const deadline = Date.now() + 45_000;
    while (receiver.deliveries.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.deliveries.length).toBe(2);
    const [first, second] = receiver.deliveries as [Delivery, Delivery];
    expect(second.body).toBe(first.body);
    for (const delivery of [first, second]) {
      const timestamp = String(delivery.headers['x-binlens-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
      expect(delivery.headers['x-binlens-signature']).toBe(expected);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-binlens-event']).toBe('scan.finished');
    }
    const scan = (await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers: alice.headers })).json<{ finished: string }>();
    expect(JSON.parse(first.body)).toEqual({
      event: 'scan.finished',
      delivery: `${scanId}:${scan.finished}`,
      scan: {
        id: scanId,
        url: `/rest/scans/${scanId}/`,
        name: 'app.tar',
        group: groupId,
        group_name: 'Hooked',
        status: 'R',
        verdict: 'pass',
        error: null,
        component_count: 1,
        vulnerability_counts: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
        finished: scan.finished,
      },
    });
  });

  it('removes the webhook; a new one gets a new secret', async () => {
    expect((await hook(alice, 'DELETE')).statusCode).toBe(204);
    expect((await hook(alice, 'GET')).json()).toEqual({ url: null, created: null, updated: null });
    expect((await hook(alice, 'DELETE')).statusCode).toBe(204);
    expect((await hook(alice, 'PUT', { url: receiver.url })).json<{ secret: string | null }>().secret).toMatch(/^whsec_/);
  });

  it('answers 404 to a user who cannot see the group', async () => {
    expect((await hook(bob, 'GET')).statusCode).toBe(404);
    expect((await hook(bob, 'PUT', { url: receiver.url })).statusCode).toBe(404);
  });
});
