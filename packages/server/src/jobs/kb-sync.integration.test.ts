// The server's sync against a loopback mirror serving the feeds' official formats
// (BINLENS_<SOURCE>_URL): a feed cut off mid-download is retried and imported, a 500 and an
// HTML page end their sources `failed` with a clear error, and GET /rest/knowledge-base/
// reports each. Also "Sync now": one at a time.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { DATABASES } from '../../test/databases.ts';
import { newSession, type TestSession } from '../../test/login.ts';
import type { KnowledgeBaseStatus } from '../modules/knowledge-base/schemas.ts';
import { runKbSync, startKbSync } from './kb-sync.ts';

const FEEDS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../vulndb/fixtures/feeds');
const LAST_MODIFIED = 'Tue, 01 Oct 2024 08:00:00 GMT';
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(DATABASES)('knowledge-base sync against a feed mirror on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let server: Server;
  let base: string;
  const requests: string[] = [];

  beforeAll(async () => {
    const kev = await readFile(path.join(FEEDS, 'kev.json'));
    const epss = await readFile(path.join(FEEDS, 'epss.csv.gz'));
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/kev.json' && requests.filter((r) => r === '/kev.json').length === 1) {
        // The first download stops half-way: the connection drops after 100 bytes.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': kev.length });
        res.write(kev.subarray(0, 100), () => res.destroy());
      } else if (req.url === '/kev.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': kev.length, 'last-modified': LAST_MODIFIED }).end(kev);
      } else if (req.url === '/epss.csv.gz') {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': epss.length }).end(epss);
      } else if (req.url === '/debian.json') {
        res.writeHead(500).end('Internal Server Error');
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Please sign in</h1>');
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  const status = async () => (await t.app.inject({ method: 'GET', url: '/rest/knowledge-base/', headers: admin.headers })).json<KnowledgeBaseStatus>();

  it('retries a download cut short, and reports a 500 and an HTML page as failed sources', async () => {
    const env = {
      BINLENS_KEV_URL: `${base}/kev.json`, BINLENS_EPSS_URL: `${base}/epss.csv.gz`, BINLENS_DEBIAN_URL: `${base}/debian.json`,
      BINLENS_ALPINE_URL: `${base}/alpine`, BINLENS_ALPINE_RELEASES: 'v3.19',
    };
    await runKbSync({
      db: t.database.db, state: t.composition.repositories.knowledgeBase, log: quietLog, env, sources: ['kev', 'epss', 'debian', 'alpine'], retryDelaysMs: [10],
    });
    expect(requests).toEqual(['/kev.json', '/epss.csv.gz', '/debian.json', '/alpine/v3.19/main.json', '/kev.json', '/debian.json', '/alpine/v3.19/main.json']);
    const body = await status();
    const source = (name: string) => body.sources.find((s) => s.name === name);
    expect(body.state).toBe('ready');
    expect(body.updated).toBe(source('kev')?.last_success);
    const none = { next_attempt: null, progress: null };
    expect(body.sources).toEqual([
      { name: 'alpine', state: 'failed', records: 0, last_success: null, feed_date: null, ...none,
        last_error: `${base}/alpine/v3.19/main.json: answered an HTML page instead of the feed (a proxy or an error page?)` },
      { name: 'debian', state: 'failed', records: 0, last_success: null, feed_date: null, last_error: `${base}/debian.json: HTTP 500`, ...none },
      { name: 'epss', state: 'ready', records: 2, last_success: source('epss')?.last_success, feed_date: null, last_error: null, ...none },
      { name: 'kev', state: 'ready', records: 2, last_success: source('kev')?.last_success, feed_date: '2024-10-01T08:00:00.000Z', last_error: null, ...none },
      { name: 'nvd', state: 'empty', records: 0, last_success: null, feed_date: null, last_error: null, ...none },
      { name: 'osv', state: 'empty', records: 0, last_success: null, feed_date: null, last_error: null, ...none },
      { name: 'ubuntu', state: 'empty', records: 0, last_success: null, feed_date: null, last_error: null, ...none },
    ]);
  });

  it('"Sync now" queues one sync; while it is under way another answers 409', async () => {
    let release: () => void = () => undefined;
    let begin: () => void = () => undefined;
    const started = new Promise<void>((resolve) => { begin = resolve; });
    await startKbSync(t.app, {
      enabled: false, state: t.composition.repositories.knowledgeBase, sources: ['kev'],
      sync: async () => {
        begin();
        await new Promise<void>((done) => { release = done; });
        return [];
      },
    });
    const first = await t.app.inject({ method: 'POST', url: '/rest/knowledge-base/sync/', headers: admin.headers });
    expect(first.statusCode).toBe(202);
    await started;
    expect((await status()).sources.find((s) => s.name === 'kev')?.state).toBe('importing');
    const second = await t.app.inject({ method: 'POST', url: '/rest/knowledge-base/sync/', headers: admin.headers });
    expect([second.statusCode, second.json()]).toEqual([409, { detail: 'A sync is already under way.' }]);
    release();
  });
});
