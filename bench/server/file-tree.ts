// The file tree of a scan with 100,000 files: a tar of N small files in 100 folders, scanned by
// the real engine through the server started as `npm start` does, then each read the Files tab
// makes, timed against `users/me/` in the same run (the baseline): the top level, the first and
// the last page of a folder of 1,000, the detail of a deep file, and searches matching 1 file,
// 1% of them and none. Prints p50/p95/max of each; PGlite unless --database-url is given.
//
//   node bench/server/file-tree.ts [--files 100000] [--rounds 40] [--database-url URL]
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { startServer } from '../../e2e/support/server-process.ts';
import { tarHeader } from './firmware-image.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
  },
});
const files = Number(values.files);
const rounds = Number(values.rounds);
const FOLDERS = 100;
const BLOCK = 512;

const work = await mkdtemp(join(tmpdir(), 'binlens-file-tree-'));
const server = await startServer(values['database-url'] ? { databaseUrl: values['database-url'] } : {});
try {
  const input = join(work, 'rootfs.tar');
  await writeTree(input);
  const api = new ApiSession(server.baseUrl);
  const login = await api.login(server.adminEmail, server.adminPassword);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: 'File tree' });
  const started = Date.now();
  const scan = await api.upload(group.id, input);
  const final = await api.waitForScan(scan.id, 30 * 60_000);
  if (final.status !== 'R') throw new Error(`scan ended ${final.status}: ${final.error ?? ''}`);
  const top = await api.json<{ count: number }>('GET', `/rest/scans/${scan.id}/files/`);
  console.log(`scan ${scan.id}: ${files} files in ${FOLDERS} folders, ready after ${((Date.now() - started) / 1000).toFixed(1)} s (upload to R); top level: ${top.count}`);

  const tree = `/rest/scans/${scan.id}/files/`;
  const parent = (path: string[]) => `parent=${encodeURIComponent(JSON.stringify(path))}`;
  const perFolder = Math.ceil(files / FOLDERS);
  const reads: [string, string][] = [
    ['users/me/ (baseline)', '/rest/users/me/'],
    ['top level', tree],
    ['folder of 1,000: first 200', `${tree}?${parent(['d042'])}&limit=200`],
    ['folder of 1,000: last page', `${tree}?${parent(['d042'])}&limit=200&offset=${perFolder - 200}`],
    ['detail of a file', `${tree}detail/?path=${encodeURIComponent(JSON.stringify([fileName(77_742)]))}`],
    ['search: one file', `${tree}?search=${encodeURIComponent(fileName(99_999))}`],
    ['search: 1% of the tree', `${tree}?search=f0000&limit=200`],
    ['search: nothing', `${tree}?search=no-such-name`],
  ];
  for (const [label, url] of reads) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const response = await api.request('GET', url);
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
      times.push(performance.now() - t0);
    }
    console.log(row(label, times));
  }
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}

/** File i sits in folder i mod 100: `d042/f0000042`. */
function fileName(i: number): string {
  return `d${String(i % FOLDERS).padStart(3, '0')}/f${String(i).padStart(7, '0')}`;
}

/** A ustar archive of `files` one-line files, written in chunks. */
async function writeTree(path: string): Promise<void> {
  const out = await open(path, 'w');
  try {
    let chunk: Buffer[] = [];
    for (let i = 0; i < files; i++) {
      const content = Buffer.from(`file ${i}\n`);
      chunk.push(tarHeader(fileName(i), content.length), content, Buffer.alloc(BLOCK - content.length));
      if (chunk.length >= 3000) {
        await out.write(Buffer.concat(chunk));
        chunk = [];
      }
    }
    await out.write(Buffer.concat([...chunk, Buffer.alloc(2 * BLOCK)]));
  } finally {
    await out.close();
  }
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function row(label: string, times: readonly number[]): string {
  const f = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  return `${label.padEnd(30)} p50 ${f(percentile(times, 50))}  p95 ${f(percentile(times, 95))}  max ${f(Math.max(...times))}`;
}
