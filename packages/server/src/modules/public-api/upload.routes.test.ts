import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { createUser, login, type TestSession } from '../../../test/login.ts';
import { startWebhookWorkers } from '../../jobs/webhook.ts';

const MAX_BYTES = 4096;
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

interface UploadAnswer {
  meta: { code: number };
  results: { id: number; product_id: number; status: string; sha1sum: string; custom_data: Record<string, string>; last_updated: string };
}

describe.each(DATABASES)('PUT /api/upload/ on %s', (kind) => {
  let t: TestApp;
  let ada: { id: number; email: string; password: string };
  let session: TestSession;
  let admin: TestSession;
  let key: string;
  let groupId: number;
  let otherGroupId: number;

  /** What the Callback receiver got: one entry per POST. */
  const calls: { headers: http.IncomingHttpHeaders; url: string; body: { scan: { id: number; status: string; name: string } } & Record<string, unknown> }[] = [];
  let receiver: http.Server;
  let receiverUrl: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine(), maxUploadBytes: MAX_BYTES });
    await startWebhookWorkers(t.app, { webhooks: t.composition.repositories.webhooks, allowedNetworks: () => t.composition.services.outboundNetworks.allowed(), retryDelaySeconds: 1 });
    receiver = http.createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        calls.push({ headers: request.headers, url: request.url ?? '', body: JSON.parse(Buffer.concat(parts).toString()) as (typeof calls)[number]['body'] });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    ada = await createUser(t.database, { password: 'ada-passw0rd' });
    session = await login(t.app, ada.email, ada.password);
    const root = await createUser(t.database, { roles: ['AU'] });
    admin = await login(t.app, root.email, root.password);
    const made = await t.app.inject({ method: 'POST', url: '/api/key/', headers: session.headers, payload: { validity: 3600 } });
    key = made.json<{ results: { key: string } }>().results.key;
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: 'CI uploads' } })).json<{ id: number }>().id;
    otherGroupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload: { name: 'Elsewhere' } })).json<{ id: number }>().id;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await t.close();
  });

  const bearer = () => ({ authorization: `Bearer ${key}` });
  const basic = () => ({ authorization: `Basic ${Buffer.from(`${ada.email}:${ada.password}`).toString('base64')}` });
  const put = (name: string, body: Buffer, headers: Record<string, string>) => t.app.inject({ method: 'PUT', url: `/api/upload/${name}`, headers, payload: body });
  const scanCount = async () => ((await t.database.db.execute('select count(*)::int as n from scans')) as unknown as { rows: { n: number }[] }).rows[0]?.n;
  const scan = async (id: number) => (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: session.headers })).json<{ status: string; sha1: string; name: string; binary_removed: boolean; component_count: number | null }>();
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const finished = (id: number) => until(() => scan(id), (s) => s.status === 'R' || s.status === 'F');

  it('stores the raw body with every header through a Bearer key and answers the product', async () => {
    const file = findingsFile({ components: [component({ name: 'zlib', version: '1.2.11' })] });
    const before = Date.now();
    const response = await put('router%20fw%2Bv1.bin', file, {
      ...bearer(),
      'content-type': 'application/octet-stream',
      group: String(groupId),
      version: ' 1.2.3 ',
      'meta-build-id': '42',
      'META-Release_Line': '2.x',
      'delete-binary': 'true',
      'force-scan': 'false',
      'scan-infoleak': 'true',
      'code-analysis': 'false',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadAnswer>();
    const id = body.results.id;
    expect(body).toEqual({
      meta: { code: 201 },
      results: {
        id,
        product_id: id,
        name: 'router fw+v1.bin',
        filename: 'router fw+v1.bin',
        sha1sum: sha1(file),
        status: 'B',
        custom_data: { BUILD_ID: '42', RELEASE_LINE: '2.x', VERSION: '1.2.3' },
        group_id: groupId,
        last_updated: body.results.last_updated,
        report_url: `http://localhost:80/product/${id}`,
        stale: false,
        'rescan-possible': true,
      },
    });
    expect(Date.parse(body.results.last_updated)).toBeGreaterThanOrEqual(before - 1000);
    expect(await finished(id)).toMatchObject({ status: 'R', sha1: sha1(file), component_count: 1 });
    // Delete-Binary: the file goes once the scan has finished, the result stays.
    expect(await until(() => scan(id), (s) => s.binary_removed)).toMatchObject({ status: 'R', binary_removed: true });
    const log = async () => (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/scan-log`, headers: session.headers })).json<{ lines: { message: string }[] }>().lines.map((line) => line.message);
    const removal = 'File removed after the scan, as the upload asked (Delete-Binary)';
    expect(await until(log, (lines) => lines.includes(removal))).toContain(removal);
    const rescan = await t.app.inject({ method: 'POST', url: `/rest/scans/${id}/rescan/`, headers: session.headers });
    expect(rescan.statusCode).toBe(409);
  });

  it('takes HTTP Basic and a body without a Content-Type, keeping the file when Delete-Binary is absent', async () => {
    const file = Buffer.from('plain bytes, no content type');
    const response = await t.app.inject({ method: 'PUT', url: '/api/upload/plain.bin', headers: { ...basic(), group: String(groupId) }, payload: file });
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadAnswer>();
    expect(body.results).toMatchObject({ filename: 'plain.bin', sha1sum: sha1(file), custom_data: {}, group_id: groupId });
    expect(await finished(body.results.id)).toMatchObject({ status: 'R', binary_removed: false });
  });

  it('answers 400 without a Group header and for bad header values, storing nothing', async () => {
    const before = await scanCount();
    const cases: [Record<string, string>, string][] = [
      [{}, 'The Group header is required: the id of the group the product goes into.'],
      [{ group: 'abc' }, 'The Group header must be a group id (a whole number).'],
      [{ group: String(groupId), 'delete-binary': 'maybe' }, 'The Delete-Binary header takes true or false.'],
      [{ group: String(groupId), replace: 'x1' }, 'The Replace header must be a product id (a whole number).'],
    ];
    for (const [headers, detail] of cases) {
      const response = await put('a.bin', Buffer.from('x'), { ...bearer(), ...headers });
      expect([response.statusCode, response.json()]).toEqual([400, { meta: { code: 400 }, detail }]);
    }
    const meta = await put('a.bin', Buffer.from('x'), { ...bearer(), group: String(groupId), 'meta-bad.key': 'v' });
    expect([meta.statusCode, meta.json()]).toEqual([400, { meta: { code: 400 }, META: ['A META- header names a key of letters, digits, - or _ and a value of at most 10,000 characters.'] }]);
    expect(await scanCount()).toBe(before);
  });

  it('refuses file names longer than the clients send', async () => {
    const tooLong = await put(`${'a'.repeat(238)}.bin`, Buffer.from('x'), { ...bearer(), group: String(groupId) });
    expect([tooLong.statusCode, tooLong.json()]).toEqual([400, { meta: { code: 400 }, detail: 'The file name is longer than 241 characters: shorten it.' }]);
    const name = await put(`${'a'.repeat(252)}.bin`, Buffer.from('x'), { ...bearer(), group: String(groupId) });
    expect([name.statusCode, name.json()]).toEqual([400, { meta: { code: 400 }, detail: 'The name is longer than 255 characters, the most a product name may have: shorten it.' }]);
    const longest = await put(`${'a'.repeat(237)}.bin`, Buffer.from('x'), { ...bearer(), group: String(groupId) });
    expect(longest.statusCode).toBe(201);
  });

  it('answers 404 for a group the caller cannot see and 403 for one they may only view', async () => {
    const viewer = await createUser(t.database, { roles: ['RU'] });
    const viewerSession = await login(t.app, viewer.email, viewer.password);
    const membership = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: session.headers, payload: { group_id: groupId, user_id: viewer.id, role: 'GU' } });
    expect(membership.statusCode).toBe(201);
    const before = await scanCount();
    const readOnly = await put('a.bin', Buffer.from('x'), { ...viewerSession.headers, group: String(groupId) });
    expect([readOnly.statusCode, readOnly.json()]).toEqual([403, { meta: { code: 403 }, detail: `You may not upload to group ${groupId}.` }]);
    const unseen = await put('a.bin', Buffer.from('x'), { ...viewerSession.headers, group: String(otherGroupId) });
    expect([unseen.statusCode, unseen.json()]).toEqual([404, { meta: { code: 404 }, detail: `Group ${otherGroupId} was not found.` }]);
    const anonymous = await put('a.bin', Buffer.from('x'), { group: String(groupId) });
    expect(anonymous.statusCode).toBe(401);
    expect(await scanCount()).toBe(before);
  });

  it('answers 413 past the upload limit, storing nothing', async () => {
    const before = await scanCount();
    const response = await put('big.bin', Buffer.alloc(MAX_BYTES + 1), { ...bearer(), group: String(groupId) });
    expect([response.statusCode, response.json()]).toEqual([413, { meta: { code: 413 }, detail: 'The file is larger than the upload limit.' }]);
    expect(await scanCount()).toBe(before);
  });

  it('takes a chunked body over a real connection (curl -T), and answers 413 to one past the limit', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = (name: string, chunks: Buffer[]) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${address}/api/upload/${name}`, { method: 'PUT', headers: { ...bearer(), group: String(groupId), 'transfer-encoding': 'chunked' } }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
        });
        request.on('error', reject);
        for (const chunk of chunks) request.write(chunk);
        request.end();
      });
    const file = Buffer.from('streamed in two chunks');
    const ok = await send('chunked.bin', [file.subarray(0, 8), file.subarray(8)]);
    expect(ok.status).toBe(201);
    expect(JSON.parse(ok.body)).toMatchObject({ meta: { code: 201 }, results: { filename: 'chunked.bin', sha1sum: sha1(file) } });
    const before = await scanCount();
    const big = await send('big.bin', [Buffer.alloc(MAX_BYTES), Buffer.alloc(MAX_BYTES)]);
    expect([big.status, JSON.parse(big.body)]).toEqual([413, { meta: { code: 413 }, detail: 'The file is larger than the upload limit.' }]);
    expect(await scanCount()).toBe(before);
  });

  it('replaces the file of a product of the same group, keeping its id, and refuses one of another group', async () => {
    const first = findingsFile({ components: [component({ name: 'openssl', version: '1.1.1' })] });
    const created = (await put('image.bin', first, { ...bearer(), group: String(groupId), 'meta-owner': 'team-a' })).json<UploadAnswer>().results;
    await finished(created.id);
    const elsewhere = (await put('other.bin', Buffer.from('other'), { ...bearer(), group: String(otherGroupId) })).json<UploadAnswer>().results;
    await finished(elsewhere.id);

    const before = await scanCount();
    const second = findingsFile({ components: [component({ name: 'openssl', version: '3.0.13' }), component({ name: 'zlib', version: '1.3' })] });
    const wrongGroup = await put('image.bin', second, { ...bearer(), group: String(groupId), replace: String(elsewhere.id) });
    expect([wrongGroup.statusCode, wrongGroup.json()]).toEqual([
      400,
      { meta: { code: 400 }, detail: 'The product to replace (Replace header) is in another group than the Group header names: nothing was stored.' },
    ]);
    const unknown = await put('image.bin', second, { ...bearer(), group: String(groupId), replace: '999999' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { meta: { code: 404 }, detail: 'The product to replace (Replace header) was not found.' }]);
    expect(await scan(elsewhere.id)).toMatchObject({ status: 'R', sha1: sha1(Buffer.from('other')), name: 'other.bin' });

    const replaced = await put('image-v2.bin', second, { ...bearer(), group: String(groupId), replace: String(created.id), 'meta-owner': '', version: '2' });
    expect([replaced.statusCode, replaced.json()]).toEqual([201, { meta: { code: 201 }, message: `The file of product ${created.id} was replaced; its scan has started.` }]);
    expect(await scanCount()).toBe(before);
    expect(await finished(created.id)).toMatchObject({ status: 'R', sha1: sha1(second), name: 'image-v2.bin', component_count: 2 });
    const listed = (await t.app.inject({ method: 'GET', url: `/api/apps/${groupId}/?q=file:image-v2`, headers: bearer() })).json<{ products: { id: number; custom_data: Record<string, string> }[] }>();
    expect(listed.products).toEqual([expect.objectContaining({ id: created.id, custom_data: { VERSION: '2' } })]);
  });

  it('announces the end of the scan to the Callback URL, refusing a guarded address at once', async () => {
    const before = await scanCount();
    const refused = await put('cb.bin', Buffer.from('x'), { ...bearer(), group: String(groupId), callback: `${receiverUrl}/done` });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { meta: { code: 400 }, detail: 'The Callback header: The address 127.0.0.1 is a loopback address; requests to it are refused unless an administrator allows its network (Account → Outbound networks).' },
    ]);
    const ftp = await put('cb.bin', Buffer.from('x'), { ...bearer(), group: String(groupId), callback: 'ftp://ci.example.com/done' });
    expect([ftp.statusCode, ftp.json()]).toEqual([400, { meta: { code: 400 }, detail: 'The Callback header: Only http and https URLs can be fetched.' }]);
    expect(await scanCount()).toBe(before);

    expect((await t.app.inject({ method: 'POST', url: '/rest/outbound-networks/', headers: admin.headers, payload: { network: '127.0.0.1/32' } })).statusCode).toBe(201);
    const file = findingsFile({ components: [component({ name: 'curl', version: '8.5.0' })] });
    const id = (await put('callback.bin', file, { ...bearer(), group: String(groupId), callback: `${receiverUrl}/done?build=7` })).json<UploadAnswer>().results.id;
    const delivered = await until(async () => calls.filter((call) => call.body.scan.id === id), (found) => found.length > 0);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.url).toBe('/done?build=7');
    expect(delivered[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'x-binlens-event': 'scan.finished' });
    expect(delivered[0]?.headers['x-binlens-signature']).toBeUndefined();
    expect(delivered[0]?.body).toMatchObject({ event: 'scan.finished', scan: { id, status: 'R', name: 'callback.bin', group: groupId, component_count: 1 } });
  });

  it('answers an earlier scan of the same bytes with 200 when the company reuses scans, and scans again with Force-Scan', async () => {
    const file = Buffer.from('reused bytes');
    const first = (await put('reuse.bin', file, { ...bearer(), group: String(groupId) })).json<UploadAnswer>().results;
    await finished(first.id);
    expect((await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { reuse_existing_scan: true } })).statusCode).toBe(200);
    try {
      const again = await put('reuse.bin', file, { ...bearer(), group: String(groupId), callback: `${receiverUrl}/reused` });
      expect([again.statusCode, again.json<UploadAnswer>().results.id, again.json<UploadAnswer>().meta]).toEqual([200, first.id, { code: 200 }]);
      // No scan runs for a reused one: its end is announced at once.
      const announced = await until(async () => calls.filter((call) => call.url === '/reused'), (found) => found.length > 0);
      expect(announced.map((call) => [call.body.scan.id, call.body.scan.status])).toEqual([[first.id, 'R']]);
      // The reused scan keeps its file: it can still be scanned again.
      expect((await t.app.inject({ method: 'POST', url: `/rest/scans/${first.id}/rescan/`, headers: session.headers })).statusCode).toBe(200);
      expect(await finished(first.id)).toMatchObject({ status: 'R' });
      const forced = await put('reuse.bin', file, { ...bearer(), group: String(groupId), 'force-scan': 'true' });
      expect(forced.statusCode).toBe(201);
      expect(forced.json<UploadAnswer>().results.id).not.toBe(first.id);
    } finally {
      await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/scan/', headers: admin.headers, payload: { reuse_existing_scan: false } });
    }
  });
});
