// `db sync` when a feed misbehaves: an HTML page, a 500, a body cut short, a server that is
// gone. Each fails with a message naming the URL and what happened; the data imported
// before stays live. Also the progress a sync reports of each source.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KbDatabase } from '../src/db/database.ts';
import type { SyncProgress } from '../src/sync/progress.ts';
import { syncKnowledgeBase } from '../src/sync/sync.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

async function liveKev(db: KbDatabase): Promise<string[]> {
  const result = await db.execute<{ cve_id: string }>(sql`select cve as cve_id from vuln_kev where live order by cve`);
  return (result as unknown as { rows: { cve_id: string }[] }).rows.map((r) => r.cve_id);
}

describe.each(DATABASES)('db sync against failing feeds on %s', (kind) => {
  let t: TestKb;
  let server: Server;
  let base: string;
  let kev: Buffer;
  beforeAll(async () => {
    t = await openTestKb(kind);
    kev = await readFile(fixture('kev.json').path);
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/kev.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': kev.length, 'last-modified': 'Tue, 01 Oct 2024 08:00:00 GMT' }).end(kev);
      } else if (url.pathname === '/html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Sign in</title>');
      } else if (url.pathname === '/error') {
        res.writeHead(500).end('oops');
      } else if (url.pathname === '/cut') {
        // Announces the whole file, sends half of it, then drops the connection.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': kev.length });
        res.write(kev.subarray(0, 100), () => res.destroy());
      } else {
        res.writeHead(404).end();
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.dispose();
  });

  it('reports each source\'s bytes, records and the feed\'s Last-Modified date', async () => {
    const events: SyncProgress[] = [];
    const reports = await syncKnowledgeBase(t.db, { env: { BINLENS_KEV_URL: `${base}/kev.json` }, sources: ['kev'], onProgress: (p) => events.push(p) });
    expect(reports.map((r) => [r.status, r.records])).toEqual([['complete', 3]]);
    expect(events).toEqual([
      { source: 'kev', phase: 'download', records: 0, totalRecords: null, bytes: 0, totalBytes: kev.length, feedDate: '2024-10-01T08:00:00.000Z' },
      { source: 'kev', phase: 'download', records: 0, totalRecords: null, bytes: kev.length, totalBytes: kev.length, feedDate: '2024-10-01T08:00:00.000Z' },
      { source: 'kev', phase: 'import', records: 0, totalRecords: null, bytes: kev.length, totalBytes: kev.length, feedDate: '2024-10-01T08:00:00.000Z' },
    ]);
    expect(await liveKev(t.db)).toEqual(['CVE-2021-44228', 'CVE-2023-4911']);
  });

  it.each([
    ['/html', () => 'answered an HTML page instead of the feed (a proxy or an error page?)'],
    ['/error', () => 'HTTP 500'],
    ['/cut', () => `the download stopped after 100 of ${kev.length} bytes: `],
  ])('fails on %s with a clear message and keeps the data imported before', async (pathname, message) => {
    const error = await syncKnowledgeBase(t.db, { env: { BINLENS_KEV_URL: `${base}${pathname}` }, sources: ['kev'] }).then(() => null, (e: unknown) => e as Error);
    expect(error?.message.slice(0, `${base}${pathname}: ${message()}`.length)).toBe(`${base}${pathname}: ${message()}`);
    expect(await liveKev(t.db)).toEqual(['CVE-2021-44228', 'CVE-2023-4911']);
  });

  it('says a server that is gone cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    await expect(syncKnowledgeBase(t.db, { env: { BINLENS_KEV_URL: `http://127.0.0.1:${port}/kev.json` }, sources: ['kev'] }))
      .rejects.toThrow(`http://127.0.0.1:${port}/kev.json: cannot be reached: the connection was refused (ECONNREFUSED)`);
  });
});
