// One heavy read must not slow everyone: `GET /rest/users/me/` timed alone (the baseline),
// then while four clients page through the infoleak list of a scan with 100,000 leaks.
// Prints p50/p95/max of each and the loaded/idle ratio. The server is started as
// `npm start` does (packages/server/src/main.ts), on PGlite unless --database-url is given.
//
//   node bench/server/heavy-reads.ts [--leaks 100000] [--seconds 20] [--clients 4] [--database-url URL]
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { startServer } from '../../e2e/support/server-process.ts';

const { values } = parseArgs({
  options: {
    leaks: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '4' },
    'database-url': { type: 'string' },
  },
});
const leaks = Number(values.leaks);
const seconds = Number(values.seconds);
const clients = Number(values.clients);

const work = await mkdtemp(join(tmpdir(), 'binlens-heavy-'));
const server = await startServer(values['database-url'] ? { databaseUrl: values['database-url'] } : {});
try {
  const input = join(work, 'contacts.txt');
  await writeFile(input, Array.from({ length: leaks }, (_, i) => `user${i}@corp${i % 97}.example-mail.org contact\n`).join(''));
  const admin = await login();
  const group = await admin.json<{ id: number }>('POST', '/rest/groups/', { name: 'Heavy reads' });
  const scan = await admin.upload(group.id, input);
  const started = Date.now();
  const final = await admin.waitForScan(scan.id, 30 * 60_000);
  if (final.status !== 'R') throw new Error(`scan ended ${final.status}: ${final.error ?? ''}`);
  const first = await admin.json<{ count: number }>('GET', `/rest/scans/${scan.id}/infoleak/?limit=1`);
  console.log(`scan ${scan.id}: ${first.count} leaks, ready after ${((Date.now() - started) / 1000).toFixed(1)} s (upload to R)`);

  const idle = await timeUsersMe(admin, seconds * 1000 / 4);
  let stop = false;
  const pageTimes: number[] = [];
  const readers = await Promise.all(Array.from({ length: clients }, () => login()));
  const reading = readers.map(async (reader, n) => {
    for (let i = 0; !stop; i += 1) {
      // Every page of the list in turn, each client from its own place, some filtered by kind.
      const offset = ((n * 997 + i * 100) * 7) % Math.max(1, first.count - 100);
      const kind = i % 3 === 0 ? '&kind=emails' : '';
      const t0 = performance.now();
      await reader.json('GET', `/rest/scans/${scan.id}/infoleak/?limit=100&offset=${offset}${kind}`);
      pageTimes.push(performance.now() - t0);
    }
  });
  const loaded = await timeUsersMe(admin, seconds * 1000);
  stop = true;
  await Promise.all(reading);

  console.log(row('users/me/ alone (baseline)', idle));
  console.log(row(`users/me/ while ${clients} clients page`, loaded));
  console.log(row('infoleak page of 100', pageTimes));
  console.log(`p95 ratio loaded/baseline: ${(percentile(loaded, 95) / percentile(idle, 95)).toFixed(2)}x; pages read: ${pageTimes.length}`);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}

async function login(): Promise<ApiSession> {
  const session = new ApiSession(server.baseUrl);
  const response = await session.login(server.adminEmail, server.adminPassword);
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return session;
}

/** users/me/ one request after another, 20 ms apart, for `ms`. */
async function timeUsersMe(session: ApiSession, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t0 = performance.now();
    await session.json('GET', '/rest/users/me/');
    times.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function row(label: string, times: readonly number[]): string {
  const f = (n: number) => `${n.toFixed(1)} ms`;
  return `${label.padEnd(40)} n=${String(times.length).padStart(5)}  p50 ${f(percentile(times, 50))}  p95 ${f(percentile(times, 95))}  max ${f(Math.max(...times))}`;
}
