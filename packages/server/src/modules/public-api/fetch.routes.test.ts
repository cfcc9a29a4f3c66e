import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { startFetchWorkers } from '../../jobs/fetch.ts';
import { startWebhookWorkers } from '../../jobs/webhook.ts';
import { customHeaders } from './fetch.routes.ts';

const REFUSED = 'requests to it are refused unless an administrator allows its network (Account → Outbound networks).';

describe('customHeaders', () => {
  it('reads each Custom-Header of the raw header list apart, commas and colons in values kept', () => {
    expect(customHeaders(['Host', 'x', 'Custom-Header', 'Authorization: Bearer a:b', 'custom-header', 'Cookie: a=1, b=2', 'Url', 'http://h/'])).toEqual({
      Authorization: 'Bearer a:b',
      Cookie: 'a=1, b=2',
    });
  });

  it('refuses a header without a name and a name given twice', () => {
    expect(() => customHeaders(['Custom-Header', 'no colon here'])).toThrow('A Custom-Header is "Name: value", e.g. "Authorization: Bearer abc".');
    expect(() => customHeaders(['Custom-Header', ': value'])).toThrow('A Custom-Header is "Name: value"');
    expect(() => customHeaders(['Custom-Header', 'X-A: 1', 'Custom-Header', 'x-a: 2'])).toThrow('The Custom-Header x-a is given twice.');
  });
});

describe.each(DATABASES)('POST /api/fetch/ on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;
  let bob: TestSession;
  let key: string;
  let groupId: number;
  let server: http.Server;
  let origin: string;
  const requests: http.IncomingHttpHeaders[] = [];
  /** The Callback announcements the server received. */
  const hooks: { event: string; scan: { id: number; status: string } }[] = [];
  const file = findingsFile({ components: [component({ name: 'busybox', version: '1.36.1' })] });

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
    const { composition } = t;
    await startFetchWorkers(t.app, {
      fetches: composition.repositories.scanFetches,
      blobs: composition.blobs,
      allowedNetworks: () => composition.services.outboundNetworks.allowed(),
      maxUploadBytes: () => composition.services.settings.maxUploadBytes(),
      queue: composition.queue,
    });
    admin = await newSession(t.app, t.database, ['AU']);
    alice = await newSession(t.app, t.database);
    bob = await newSession(t.app, t.database);
    key = (await t.app.inject({ method: 'POST', url: '/api/key/', headers: alice.headers, payload: { validity: 3600 } })).json<{ results: { key: string } }>().results.key;
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Fetched by CI' } })).json<{ id: number }>().id;
    await startWebhookWorkers(t.app, { webhooks: composition.repositories.webhooks, allowedNetworks: () => composition.services.outboundNetworks.allowed(), retryDelaySeconds: 1 });
    server = http.createServer((request, response) => {
      if (request.method === 'POST' && request.url === '/hook') {
        const parts: Buffer[] = [];
        request.on('data', (part: Buffer) => parts.push(part));
        request.on('end', () => {
          hooks.push(JSON.parse(Buffer.concat(parts).toString()) as (typeof hooks)[number]);
          response.writeHead(204).end();
        });
        return;
      }
      requests.push(request.headers);
      if (request.url === '/fw.bin') return response.writeHead(200, { 'content-length': file.length }).end(file);
      return response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  const fetchFile = (headers: Record<string, string | string[]>) => t.app.inject({ method: 'POST', url: '/api/fetch/', headers: { authorization: `Bearer ${key}`, ...headers } });
  const scan = async (id: number) => (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<{ status: string; sha1: string; name: string; binary_removed: boolean }>();
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('downloads from an allowed loopback server with both Custom-Header headers, and scans the file', async () => {
    const rule = await t.app.inject({ method: 'POST', url: '/rest/outbound-networks/', headers: admin.headers, payload: { network: '127.0.0.1/32' } });
    expect(rule.statusCode).toBe(201);
    const response = await fetchFile({
      url: `${origin}/fw.bin`,
      group: String(groupId),
      'custom-header': ['X-Token: secret-1', 'X-Cookie: a=1, b=2'],
      'meta-build-id': '7',
      version: '3.1',
      'delete-binary': 'true',
      callback: `${origin}/hook`,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ results: { id: number; last_updated: string } }>();
    const { id } = body.results;
    expect(body).toEqual({
      meta: { code: 201 },
      results: {
        id,
        product_id: id,
        name: 'fw.bin',
        filename: 'fw.bin',
        sha1sum: '',
        status: 'B',
        custom_data: { BUILD_ID: '7', VERSION: '3.1' },
        group_id: groupId,
        last_updated: body.results.last_updated,
        report_url: `http://localhost:80/product/${id}`,
        stale: false,
        'rescan-possible': true,
      },
    });
    expect(await until(() => scan(id), (s) => s.status === 'R' || s.status === 'F')).toMatchObject({ status: 'R', sha1: createHash('sha1').update(file).digest('hex') });
    expect(requests.at(-1)).toMatchObject({ 'x-token': 'secret-1', 'x-cookie': 'a=1, b=2' });
    expect(await until(() => scan(id), (s) => s.binary_removed)).toMatchObject({ binary_removed: true });
    expect(await until(async () => hooks.filter((hook) => hook.scan.id === id), (found) => found.length > 0)).toEqual([
      expect.objectContaining({ event: 'scan.finished', scan: expect.objectContaining({ id, status: 'R' }) }),
    ]);
    const rules = (await t.app.inject({ method: 'GET', url: '/rest/outbound-networks/', headers: admin.headers })).json<{ results: { id: number }[] }>().results;
    for (const { id: ruleId } of rules) await t.app.inject({ method: 'DELETE', url: `/rest/outbound-networks/${ruleId}/`, headers: admin.headers });
  });

  it('answers 400 for missing or bad headers and a refused address, creating no product', async () => {
    const count = async () => ((await t.database.db.execute('select count(*)::int as n from scans')) as unknown as { rows: { n: number }[] }).rows[0]?.n;
    const before = await count();
    const cases: [Record<string, string | string[]>, object][] = [
      [{ group: String(groupId) }, { detail: 'The Url header is required: the http or https URL to download the file from.' }],
      [{ url: `${origin}/fw.bin` }, { detail: 'The Group header is required: the id of the group the product goes into.' }],
      [{ url: `${origin}/fw.bin`, group: String(groupId), replace: '5' }, { detail: 'Replace is not supported by /api/fetch/: upload the file with PUT /api/upload/ and Replace instead.' }],
      [{ url: `${origin}/fw.bin`, group: String(groupId), 'custom-header': 'Authorization' }, { detail: 'A Custom-Header is "Name: value", e.g. "Authorization: Bearer abc".' }],
      [{ url: `${origin}/fw.bin`, group: String(groupId), 'custom-header': 'Host: internal' }, { additional_headers: ['The header Host cannot be set.'] }],
      [{ url: `${origin}/fw.bin`, group: String(groupId) }, { external_reference: [`The address 127.0.0.1 is a loopback address; ${REFUSED}`] }],
      [{ url: 'ftp://example.com/fw.bin', group: String(groupId) }, { external_reference: ['Only http and https URLs can be fetched.'] }],
    ];
    for (const [headers, answer] of cases) {
      const response = await fetchFile(headers);
      expect([response.statusCode, response.json()]).toEqual([400, { meta: { code: 400 }, ...answer }]);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404 for a group the caller cannot see and 401 without credentials", async () => {
    const unseen = await t.app.inject({ method: 'POST', url: '/api/fetch/', headers: { ...bob.headers, url: `${origin}/fw.bin`, group: String(groupId) } });
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { meta: { code: 404 }, detail: `Group ${groupId} was not found.` }]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/fetch/', headers: { url: `${origin}/fw.bin`, group: String(groupId) } });
    expect(anonymous.statusCode).toBe(401);
  });
});
