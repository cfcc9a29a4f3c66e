// A ready scan's result under load: one scan of 2,000 components found in 5,000 files, a
// knowledge base imported from the synthetic NVD and OSV feeds of bench/vulndb (the components
// come from the same seeds, so about half of them match), and 50 concurrent clients on loopback
// calling GET /rest/scans/{id}/result/ for a few seconds. The baseline is the same server with
// its evaluation cache turned off (BINLENS_EVALUATION_CACHE_MB=0: every read evaluates and
// serialises again), measured in the same run; then the cache on, for clients that take the
// whole JSON and for clients that ask for gzip as browsers do (they count the compressed bytes
// as a load generator does; a browser inflates them natively). Every shape must answer the
// same JSON. Last, for reference, the same bytes from a bare node:http server: what the
// transfer alone costs on this machine. Target: p95 under 300 ms. The server is started as `npm start` does (packages/server/src/main.ts), on
// PGlite, or on PostgreSQL with --database-url (a scratch database binlens_bench_result is made there).
//
//   node bench/server/result-p95.ts [--components 2000] [--files 5000] [--nvd 30000] [--osv 20000] [--clients 50] [--seconds 8] [--database-url URL]
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { type KbDatabase, importFeed, rowsOf } from '@binlens/vulndb';
import { sql } from 'drizzle-orm';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { drizzle as postgresDrizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { type RunningServer, startServer } from '../../e2e/support/server-process.ts';
import { syntheticComponents, withFiles } from '../vulndb/synthetic-components.ts';
import { ECOSYSTEMS, catalogue, nvdCve, osvRecord, random, writeFeed } from '../vulndb/synthetic-feeds.ts';

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '2000' },
    files: { type: 'string', default: '5000' },
    nvd: { type: 'string', default: '30000' },
    osv: { type: 'string', default: '20000' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '8' },
    'database-url': { type: 'string' },
  },
});
const componentCount = Number(values.components);
const fileCount = Number(values.files);
const nvdCount = Number(values.nvd);
const osvCount = Number(values.osv);
const clients = Number(values.clients);
const seconds = Number(values.seconds);

const work = await mkdtemp(join(tmpdir(), 'binlens-result-bench-'));
const databaseUrl = values['database-url'] ? await scratchDatabase(values['database-url']) : undefined;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
let server: RunningServer | undefined;
try {
  server = await startServer({ dataDir: work, ...(databaseUrl ? { databaseUrl } : {}) });
  const groupId = (await (await login(server)).json<{ id: number }>('POST', '/rest/groups/', { name: 'Bench' })).id;
  // PGlite is one process's: the server stops while the rows go in.
  await server.stop();
  server = undefined;
  const scanId = await seed(groupId);

  // The baseline reads as the server answered before its cache: every read evaluated, serialised and sent whole.
  const phases: { env: Record<string, string>; shapes: { name: string; acceptEncoding?: string }[] }[] = [
    { env: { BINLENS_EVALUATION_CACHE_MB: '0' }, shapes: [{ name: 'cache off (baseline)' }] },
    { env: {}, shapes: [{ name: 'cache on' }, { name: 'cache on, gzip (as browsers ask)', acceptEncoding: 'gzip, deflate, br' }] },
  ];
  const results: { name: string; first: number; second: number; bytes: number; hash: string; times: number[]; errors: number }[] = [];
  const bodies = new Map<string, Buffer>();
  for (const phase of phases) {
    server = await startServer({ dataDir: work, env: phase.env, ...(databaseUrl ? { databaseUrl } : {}) });
    const session = await login(server);
    const path = `/rest/scans/${scanId}/result/`;
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    for (const shape of phase.shapes) {
      const headers = { ...session.headersFor('GET'), ...(shape.acceptEncoding ? { 'accept-encoding': shape.acceptEncoding } : {}) };
      const [first, body] = await timed(agent, server.baseUrl, headers, path);
      const [second] = await timed(agent, server.baseUrl, headers, path);
      const hash = createHash('sha256').update(shape.acceptEncoding ? gunzipSync(body) : body).digest('hex');
      results.push({ name: shape.name, first, second, bytes: body.length, hash, ...(await load(agent, server.baseUrl, headers, path)) });
      bodies.set(shape.acceptEncoding ? 'gzip' : 'identity', body);
    }
    agent.destroy();
    await server.stop();
    server = undefined;
  }

  // What the transfer alone costs on this machine: the same bytes from a bare node:http server.
  for (const [encoding, body] of bodies) {
    const bare = await bareServer(body, encoding);
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    results.push({ name: `bare server, same bytes (${encoding})`, first: 0, second: 0, bytes: body.length, hash: results[0]?.hash ?? '', ...(await load(agent, bare.url, {}, '/')) });
    agent.destroy();
    bare.stop();
  }

  const baseline = percentile(results[0]?.times ?? [], 95);
  console.log(`${database}: 1 ready scan of ${componentCount} components in ${fileCount} files; knowledge base of ${nvdCount} NVD and ${osvCount} OSV records; ${clients} clients, ${seconds} s each`);
  for (const r of results.filter((x) => x.first > 0)) console.log(`${r.name}: first read ${r.first.toFixed(0)} ms, second ${r.second.toFixed(0)} ms, ${(r.bytes / 1e6).toFixed(2)} MB per answer, sha256 of the JSON ${r.hash.slice(0, 16)}`);
  console.log(`the same answer in all: ${new Set(results.filter((r) => r.first > 0).map((r) => r.hash)).size === 1 ? 'yes' : 'NO'}`);
  console.log(`${'shape'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'req/s'.padStart(8)}  p95/baseline  target`);
  for (const { name, times, errors } of results) {
    const p95 = percentile(times, 95);
    console.log(
      `${name.padEnd(34)} ${fmt(percentile(times, 50))} ${fmt(p95)} ${fmt(Math.max(...times))} ${fmt(times.length / seconds)}  ${(p95 / baseline).toFixed(3).padStart(11)}x  ${p95 < 300 ? 'met' : 'over 300 ms'}${errors ? ` (${errors} errors)` : ''}`,
    );
  }
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}

/** Imports the feeds into the server's database and stores the scan as ready (split at its first read); answers its id. */
async function seed(groupId: number): Promise<number> {
  const started = performance.now();
  const cat = catalogue(Math.max(1, Math.floor(nvdCount / 6)), Math.max(1, Math.ceil(osvCount / ECOSYSTEMS.length / 2)));
  const nvdFile = join(work, 'nvd.json');
  const osvFile = join(work, 'osv.json');
  const nvdRnd = random(1);
  await writeFeed(nvdFile, 'nvd', nvdCount, (i) => nvdCve(i, cat, nvdRnd));
  const osvRnd = random(2);
  await writeFeed(osvFile, 'osv', osvCount, (j) => osvRecord(j, cat, osvRnd));
  const identification = withFiles(syntheticComponents(cat, nvdCount, osvCount, componentCount), fileCount);
  const opened = await openDatabase();
  try {
    for (const file of [nvdFile, osvFile]) {
      const report = await importFeed(opened.db, { path: file });
      if (report.status !== 'complete') throw new Error(`${file}: ${report.error ?? report.status}`);
    }
    const inserted = await opened.db.execute(sql`
      insert into scans (group_id, filename, size, sha1, sha256, blob_key, status, identification, started_at, finished_at, component_count)
      values (${groupId}, 'bench-firmware.bin', 1000000, ${'a'.repeat(40)}, ${'b'.repeat(64)}, 'bench-none', 'R', ${JSON.stringify(identification)}, now(), now(), ${componentCount})
      returning id`);
    const id = rowsOf<{ id: number }>(inserted)[0]?.id;
    if (id === undefined) throw new Error('the scan was not stored');
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return id;
  } finally {
    await opened.close();
  }
}

async function openDatabase(): Promise<{ db: KbDatabase; close(): Promise<void> }> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    return { db: postgresDrizzle({ client: pool }), close: () => pool.end() };
  }
  const pglite = new PGlite(join(work, 'db'));
  return { db: pgliteDrizzle({ client: pglite }), close: () => pglite.close() };
}

async function login(running: RunningServer): Promise<ApiSession> {
  const session = new ApiSession(running.baseUrl);
  const response = await session.login(running.adminEmail, running.adminPassword);
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return session;
}

/** One GET: its time and its body. */
async function timed(agent: Agent, baseUrl: string, headers: Record<string, string>, path: string): Promise<[number, Buffer]> {
  const t0 = performance.now();
  const { status, body } = await get(agent, baseUrl, headers, path, true);
  if (status !== 200) throw new Error(`${path} → ${status}: ${body.toString().slice(0, 300)}`);
  return [performance.now() - t0, body];
}

/**
 * `clients` loops, each one request after another on its own kept-alive connection, for a
 * second of warm-up and `seconds` measured. The clients count the bytes as a load generator
 * does; fetch's decoding of a 4 MB body costs about twice node:http's on these shared cores.
 */
async function load(agent: Agent, baseUrl: string, headers: Record<string, string>, path: string): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const warmUntil = Date.now() + 1000;
  const end = warmUntil + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const { status } = await get(agent, baseUrl, headers, path, false);
      const elapsed = performance.now() - t0;
      if (status !== 200) errors += 1;
      else if (Date.now() > warmUntil) times.push(elapsed);
    }
  }));
  return { times, errors };
}

function get(agent: Agent, baseUrl: string, headers: Record<string, string>, path: string, keep: boolean): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(new URL(path, baseUrl), { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep || response.statusCode !== 200) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: chunks.length > 0 ? Buffer.concat(chunks) : Buffer.alloc(bytes) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A child process answering every request with `body` and nothing else; stopped by stop(). */
async function bareServer(body: Buffer, encoding: string): Promise<{ url: string; stop(): void }> {
  const file = join(work, `bare-${encoding}`);
  await writeFile(file, body);
  const script = `const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const server = require('node:http').createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length${encoding === 'gzip' ? ", 'content-encoding': 'gzip'" : ''} });
      res.end(body);
    }).listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}`, stop: () => child.kill() };
}

/** A fresh database next to the given one's, dropped and made again. */
async function scratchDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop database if exists binlens_bench_result with (force)');
  await client.query('create database binlens_bench_result');
  await client.end();
  const scratch = new URL(url);
  scratch.pathname = '/binlens_bench_result';
  return scratch.toString();
}

function percentile(list: number[], p: number): number {
  if (list.length === 0) return Number.NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function fmt(value: number): string {
  return value.toFixed(1).padStart(8);
}
