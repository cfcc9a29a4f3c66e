// The application list under load: with 10,000 scans stored (20 groups, custom data on every
// tenth), 50 concurrent clients on loopback call GET /rest/scans/ for a few seconds per shape;
// prints p50/p95/max and requests per second of each, and each p95 against the baseline (the
// list with no filter, newest first) measured in the same run. Target: p95 under 50 ms.
// Answers are kept until something they show changes (docs/architecture.md, "Read caches"), so
// the last shapes also write while they read: a scan renamed through the API every 500 ms or
// every 100 ms, each rename emptying the caches as a busy scan's progress would.
// The server is started as `npm start` does (packages/server/src/main.ts), on PGlite, or on
// PostgreSQL with --database-url (a scratch database binlens_bench_list is made there).
//
//   node bench/server/list-p95.ts [--scans 10000] [--clients 50] [--seconds 8] [--database-url URL]
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { type RunningServer, startServer } from '../../e2e/support/server-process.ts';

const { values } = parseArgs({
  options: {
    scans: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '8' },
    'database-url': { type: 'string' },
  },
});
const scanCount = Number(values.scans);
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const GROUPS = 20;

/** Everything in SQL, so PGlite and PostgreSQL get the same rows; sha256 of scan i is md5(i) || md5('t' || i). */
const SEED = [
  `insert into scans (group_id, filename, size, sha1, sha256, blob_key, status, created_at, finished_at, component_count, vulnerability_counts)
   select g.ids[1 + (i % g.n)], 'firmware-' || i || '.bin', 1000 + i,
          md5(i::text) || substr(md5('s' || i), 1, 8), md5(i::text) || md5('t' || i), 'bench-' || i,
          case when i % 50 = 0 then 'F' when i % 97 = 0 then 'B' else 'R' end,
          now() - make_interval(mins => i), case when i % 97 = 0 then null else now() - make_interval(mins => i) + interval '30 seconds' end,
          case when i % 50 = 0 or i % 97 = 0 then null else i % 40 end,
          case when i % 50 = 0 or i % 97 = 0 then null
               else jsonb_build_object('critical', i % 3, 'high', i % 5, 'medium', i % 7, 'low', i % 11, 'missing', i % 2) end
   from generate_series(1, ${scanCount}) as i,
        (select array_agg(id order by id) as ids, count(*)::int as n from groups where name like 'Bench %') as g`,
  `insert into scan_custom_data (scan_id, key, value) select id, 'RELEASE', (id % 7)::text from scans where id % 10 = 0`,
  'analyze',
];

const work = await mkdtemp(join(tmpdir(), 'binlens-list-bench-'));
const databaseUrl = values['database-url'] ? await scratchDatabase(values['database-url']) : undefined;
let server: RunningServer | undefined;
try {
  // Groups through the API (their search paths), then the scans straight into the database.
  server = await startServer({ dataDir: work, ...(databaseUrl ? { databaseUrl } : {}) });
  const admin = await login(server);
  for (let n = 1; n <= GROUPS; n += 1) await admin.json('POST', '/rest/groups/', { name: `Bench ${n}` });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const statement of SEED) await client.query(statement);
    await client.end();
  } else {
    // PGlite is one process's: the server stops while the rows go in, then starts on the same directory.
    await server.stop();
    server = undefined;
    const pglite = new PGlite(join(work, 'db'));
    for (const statement of SEED) await pglite.exec(statement);
    await pglite.close();
    server = await startServer({ dataDir: work });
  }
  const session = await login(server);
  const stored = await session.json<{ count: number }>('GET', '/rest/scans/?limit=1');
  console.log(`${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${stored.count} scans in ${GROUPS} groups; ${clients} clients, ${seconds} s per shape, as an administrator`);

  const sha256 = sha256Of(4242);
  const shapes: [string, string][] = [
    ['list, no filter, newest first (baseline)', '/rest/scans/'],
    ['q: name text (substring, equal name first)', '/rest/scans/?q=firmware-123'],
    ['q: name:firmware-4242.bin (exact)', '/rest/scans/?q=name:firmware-4242.bin'],
    ['q: a SHA-256 (exact)', `/rest/scans/?q=${sha256}`],
    ['q: meta:RELEASE=3', '/rest/scans/?q=meta:RELEASE%3D3'],
    ['ordering=-sort_key (spec §9 key)', '/rest/scans/?ordering=-sort_key'],
    ['status=R, ordering=name, offset=5000', '/rest/scans/?status=R&ordering=name&offset=5000'],
    ['group filter, created range', '/rest/scans/?group=3&created__gte=2000-01-01T00:00:00Z'],
    ['statistics, no filter', '/rest/scans/statistics/'],
  ];
  const results: { name: string; times: number[]; errors: number }[] = [];
  for (const [name, path] of shapes) results.push({ name, ...(await load(server.baseUrl, session.headersFor('GET'), path)) });
  for (const everyMs of [500, 100]) {
    let renames = 0;
    const writer = () => session.json('PATCH', '/rest/scans/1/', { name: `renamed-${(renames += 1)}.bin` });
    results.push({ name: `list while a rename every ${everyMs} ms`, ...(await load(server.baseUrl, session.headersFor('GET'), '/rest/scans/', { everyMs, write: writer })) });
  }
  const baseline = percentile(results[0]?.times ?? [], 95);
  console.log(`${'shape'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'req/s'.padStart(7)}  p95/baseline  target`);
  for (const { name, times, errors } of results) {
    const p95 = percentile(times, 95);
    console.log(
      `${name.padEnd(44)} ${fmt(percentile(times, 50))} ${fmt(p95)} ${fmt(Math.max(...times))} ${fmt(times.length / seconds)}  ${(p95 / baseline).toFixed(2).padStart(11)}x  ${p95 < 50 ? 'met' : 'over 50 ms'}${errors ? ` (${errors} errors)` : ''}`,
    );
  }
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}

async function login(running: RunningServer): Promise<ApiSession> {
  const session = new ApiSession(running.baseUrl);
  const response = await session.login(running.adminEmail, running.adminPassword);
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return session;
}

/** The sha256 the seed gave scan i: md5(i) || md5('t' || i). */
function sha256Of(i: number): string {
  return createHash('md5').update(String(i)).digest('hex') + createHash('md5').update(`t${i}`).digest('hex');
}

/**
 * `clients` loops, each one request after another, for a second of warm-up and `seconds`
 * measured; with `writes`, one more loop calls write() every everyMs meanwhile.
 */
async function load(
  baseUrl: string,
  headers: Record<string, string>,
  path: string,
  writes?: { everyMs: number; write: () => Promise<unknown> },
): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const warmUntil = Date.now() + 1000;
  const end = warmUntil + seconds * 1000;
  const writer = async () => {
    while (writes && Date.now() < end) {
      const next = Date.now() + writes.everyMs;
      await writes.write();
      await new Promise((done) => setTimeout(done, Math.max(0, next - Date.now())));
    }
  };
  await Promise.all([
    writer(),
    ...Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const response = await fetch(baseUrl + path, { headers });
        await response.arrayBuffer();
        const elapsed = performance.now() - t0;
        if (!response.ok) errors += 1;
        else if (Date.now() > warmUntil) times.push(elapsed);
      }
    }),
  ]);
  return { times, errors };
}

/** A fresh database next to the given one's, dropped and made again. */
async function scratchDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop database if exists binlens_bench_list with (force)');
  await client.query('create database binlens_bench_list');
  await client.end();
  const scratch = new URL(url);
  scratch.pathname = '/binlens_bench_list';
  return scratch.toString();
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function fmt(value: number): string {
  return value.toFixed(1).padStart(7);
}
