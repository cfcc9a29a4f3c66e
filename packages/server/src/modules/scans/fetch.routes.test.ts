import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { component, fakeEngine, findingsFile } from '../../../test/fake-engine.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { startFetchWorkers } from '../../jobs/fetch.ts';

interface ScanBody {
  id: number;
  name: string;
  size: number;
  sha1: string;
  status: string;
  error: string | null;
  progress: { stage: string } | null;
  component_count: number | null;
}

const MAX_BYTES = 4096;
const REFUSED = 'requests to it are refused unless an administrator allows its network (Account → Outbound networks).';

/** A download server on a loopback address: /fw.bin, /big (announced too large), /endless (too large, no length), /to-refused (redirect). */
async function startFileServer(host: string, file: Buffer, redirectTo = '') {
  const requests: http.IncomingHttpHeaders[] = [];
  /** The answer of /slow, which sends what the test writes and ends when the client goes. */
  const slow: { response?: http.ServerResponse; closed: boolean } = { closed: false };
  const server = http.createServer((request, response) => {
    requests.push(request.headers);
    if (request.url === '/slow') {
      slow.response = response;
      response.on('close', () => (slow.closed = true));
      return response.writeHead(200).write(Buffer.alloc(100));
    }
    if (request.url === '/fw.bin') return response.writeHead(200, { 'content-length': file.length }).end(file);
    if (request.url === '/named') return response.writeHead(200, { 'content-disposition': 'attachment; filename="router.img"' }).end(file);
    if (request.url === '/big') return response.writeHead(200, { 'content-length': MAX_BYTES * 2 }).end(Buffer.alloc(MAX_BYTES * 2));
    if (request.url === '/endless') {
      response.writeHead(200);
      return response.end(Buffer.alloc(MAX_BYTES * 3));
    }
    if (request.url === '/to-refused') return response.writeHead(302, { location: redirectTo }).end();
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    slow,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(DATABASES)('URL fetches on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let alice: TestSession;
  let bob: TestSession;
  let groupId: number;
  let one: Awaited<ReturnType<typeof startFileServer>>;
  let two: Awaited<ReturnType<typeof startFileServer>>;
  const file = findingsFile({ components: [component({ name: 'left-pad', version: '1.3.0' })] });

  beforeAll(async () => {
    t = await startTestApp(kind, { workers: true, engine: fakeEngine(), maxUploadBytes: MAX_BYTES });
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
    groupId = (await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: alice.headers, payload: { name: 'Fetched' } })).json<{ id: number }>().id;
    one = await startFileServer('127.0.0.1', file);
    two = await startFileServer('127.0.0.2', file, `${one.url}/fw.bin`);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await t.close();
  });

  const fetchScan = (url: string, extra: Record<string, unknown> = {}, session = alice) =>
    t.app.inject({ method: 'POST', url: '/rest/scans/fetch/', headers: session.headers, payload: { external_reference: url, group: groupId, ...extra } });

  const waitFinished = async (id: number): Promise<ScanBody> => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const scan = (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers: alice.headers })).json<ScanBody>();
      if (!['B', 'S', 'P', 'D'].includes(scan.status) || Date.now() > deadline) return scan;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const allow = async (network: string): Promise<number> => {
    const response = await t.app.inject({ method: 'POST', url: '/rest/outbound-networks/', headers: admin.headers, payload: { network } });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const disallow = async (id: number) => {
    expect((await t.app.inject({ method: 'DELETE', url: `/rest/outbound-networks/${id}/`, headers: admin.headers })).statusCode).toBe(204);
  };

  it('refuses an IP literal on loopback at once when no network allows it', async () => {
    const response = await fetchScan(`${one.url}/fw.bin`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ external_reference: [`The address 127.0.0.1 is a loopback address; ${REFUSED}`] });
    expect(one.requests).toEqual([]);
  });

  it('fetches from a server inside a network the administrator allowed; the scan gets the bytes', async () => {
    const rule = await allow('127.0.0.1/32');
    const response = await fetchScan(`${one.url}/fw.bin`, { additional_headers: { 'X-Token': 'secret-1' }, custom_data: { release: ' 2.1 ' } });
    expect(response.statusCode).toBe(201);
    const created = response.json<ScanBody & { group: number }>();
    expect(created).toMatchObject({ group: groupId, name: 'fw.bin', status: expect.stringMatching(/^[BSPD]$/), error: null });
    const finished = await waitFinished(created.id);
    expect(finished).toMatchObject({ status: 'R', name: 'fw.bin', size: file.length, sha1: createHash('sha1').update(file).digest('hex'), error: null, component_count: 1 });
    expect(one.requests.at(-1)?.['x-token']).toBe('secret-1');

    const named = await waitFinished((await fetchScan(`${one.url}/named`)).json<ScanBody>().id);
    expect(named).toMatchObject({ status: 'R', name: 'router.img', size: file.length });
    await disallow(rule);
  });

  it('refuses localhost where the download connects, with the reason on the scan', async () => {
    const { port } = new URL(one.url);
    const created = (await fetchScan(`http://localhost:${port}/fw.bin`)).json<ScanBody>();
    expect(await waitFinished(created.id)).toMatchObject({
      status: 'F',
      error: `The file could not be fetched: localhost resolves to 127.0.0.1, which is a loopback address; ${REFUSED}`,
    });
    // Its download never stored a file: removing the scan removes just the scan.
    expect((await t.app.inject({ method: 'DELETE', url: `/rest/scans/${created.id}/`, headers: alice.headers })).statusCode).toBe(204);
  });

  it('refuses a redirect from an allowed server to a refused address, never connecting to it', async () => {
    const rule = await allow('127.0.0.2/32');
    const before = one.requests.length;
    const created = (await fetchScan(`${two.url}/to-refused`, { additional_headers: { Authorization: 'Bearer for-two-only' } })).json<ScanBody>();
    expect(await waitFinished(created.id)).toMatchObject({
      status: 'F',
      error: `The file could not be fetched: The address 127.0.0.1 is a loopback address; ${REFUSED}`,
    });
    expect(two.requests.at(-1)?.authorization).toBe('Bearer for-two-only');
    expect(one.requests.length).toBe(before);
    await disallow(rule);
  });

  it('fails a download larger than the upload limit, announced or streamed', async () => {
    const rule = await allow('127.0.0.1/32');
    for (const path of ['/big', '/endless']) {
      const created = (await fetchScan(`${one.url}${path}`)).json<ScanBody>();
      expect(await waitFinished(created.id)).toMatchObject({
        status: 'F',
        size: 0,
        error: `The file could not be fetched: it is larger than the upload limit of ${MAX_BYTES} bytes.`,
      });
    }
    const missing = (await fetchScan(`${one.url}/missing`)).json<ScanBody>();
    expect(await waitFinished(missing.id)).toMatchObject({ status: 'F', error: 'The file could not be fetched: The server answered 404 Not Found.' });
    await disallow(rule);
  });

  it('stops a download when its scan is removed meanwhile', async () => {
    const rule = await allow('127.0.0.1/32');
    const created = (await fetchScan(`${one.url}/slow`)).json<ScanBody>();
    const until = async (done: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 30_000;
      while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const progress = async () => (await t.app.inject({ method: 'GET', url: `/rest/scans/${created.id}/`, headers: alice.headers })).json<ScanBody & { progress: { done: number } | null }>().progress;
    await until(async () => ((await progress())?.done ?? 0) === 100);
    expect(await progress()).toMatchObject({ stage: 'downloading file', done: 100, total: 0 });
    expect((await t.app.inject({ method: 'DELETE', url: `/rest/scans/${created.id}/`, headers: alice.headers })).statusCode).toBe(204);
    // The next bytes' progress finds no busy scan: the job hangs up.
    one.slow.response?.write(Buffer.alloc(100));
    await until(() => one.slow.closed);
    expect(one.slow.closed).toBe(true);
    await disallow(rule);
  });

  it('answers field errors for a bad URL, headers and custom data', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ external_reference: 'ftp://example.com/fw.bin' }, { external_reference: ['Only http and https URLs can be fetched.'] }],
      [{ external_reference: 'not a url' }, { external_reference: ['Enter a valid http or https URL.'] }],
      [{ external_reference: 'http://169.254.169.254/latest/meta-data/' }, { external_reference: ['The address 169.254.169.254 is a cloud metadata address; requests to it are never made.'] }],
      [{ external_reference: 'http://[::ffff:10.0.0.1]/' }, { external_reference: [`The address ::ffff:a00:1 is a private network address (it embeds 10.0.0.1); ${REFUSED}`] }],
      [{ additional_headers: { Host: 'internal' } }, { additional_headers: ['The header Host cannot be set.'] }],
      [{ additional_headers: { 'Transfer-Encoding': 'chunked' } }, { additional_headers: ['The header Transfer-Encoding cannot be set.'] }],
      [{ additional_headers: { 'X-A': 'one\r\nX-B: two' } }, { additional_headers: ['The value of X-A holds characters a header cannot carry.'] }],
      [{ additional_headers: { 'bad name': 'v' } }, { additional_headers: ['"bad name" is not a valid header name.'] }],
      [{ custom_data: { 'not-a-key': 'v' } }, { custom_data: ['"not-a-key": use only letters A-Z, digits 0-9 and _ in keys (letters are upper-cased).'] }],
    ];
    for (const [change, errors] of cases) {
      const response = await fetchScan('https://downloads.example.com/fw.bin', change);
      expect([response.statusCode, response.json()]).toEqual([400, errors]);
    }
  });

  it('answers 404 for a group the user cannot see and 401 without a session', async () => {
    expect((await fetchScan(`${one.url}/fw.bin`, {}, bob)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/rest/scans/fetch/', payload: { external_reference: `${one.url}/fw.bin`, group: groupId } });
    expect(anonymous.statusCode).toBe(401);
  });
});
