// Bench: `binlens scan` on four full-size decompression bombs, one at a time, each with a
// fresh temp dir (TMPDIR). Prints wall time, peak RSS (/usr/bin/time -v, else VmHWM from
// /proc), the peak size of the temp dir (sampled with du) and the limit-exceeded problems.
// Prints only; the targets (≤ 120 s, < 1.5 GB RSS, < 2 GB temp disk) are read by a person.
//
//   node bench/hostile/bombs.ts [NAME ...]     NAME: nested, megabytes, gzip, entries (default: all)
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { manyEntriesZip, megabyteMembersZip, nestedZipBomb, zeroGzip } from '../../packages/engine/test/hostile/bombs.ts';

const BIN = fileURLToPath(new URL('../../packages/cli/bin/binlens.js', import.meta.url));
const TIME = '/usr/bin/time';
const run = promisify(execFile);

const BOMBS: { name: string; what: string; make: (dir: string) => Promise<string> }[] = [
  { name: 'nested', what: '42.zip-style: 5 levels of 16 zips, leaves of 4000 MiB of zeros', make: (dir) => nestedZipBomb(dir, { levels: 5, fanOut: 16, leafBytes: 4000 * 1024 ** 2 }) },
  { name: 'megabytes', what: '8,192 members of exactly 1 MiB of zeros', make: (dir) => megabyteMembersZip(dir, 8192) },
  { name: 'gzip', what: 'gzip of 10 GB of zeros', make: (dir) => zeroGzip(dir, 10_000_000_000) },
  { name: 'entries', what: 'zip of 100,000 tiny entries', make: (dir) => manyEntriesZip(dir, 100_000) },
];

const wanted = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'binlens-bombs-bench-'));
try {
  for (const bomb of BOMBS.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
    const inputs = join(work, `${bomb.name}-input`);
    mkdirSync(inputs);
    const input = await bomb.make(inputs);
    const temp = join(work, `${bomb.name}-temp`);
    mkdirSync(temp);
    const result = await measure(input, temp);
    console.log(`\n${bomb.name}: ${bomb.what} (${statSync(input).size} bytes)`);
    console.log(`  exit ${result.code}, wall ${(result.wallMs / 1000).toFixed(1)} s, peak RSS ${mib(result.peakRss)} MiB, peak temp ${mib(result.peakTemp)} MiB`);
    for (const problem of result.problems) console.log(`  ${problem}`);
    rmSync(inputs, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

interface Measured {
  code: number | null;
  wallMs: number;
  peakRss: number;
  peakTemp: number;
  problems: string[];
}

async function measure(input: string, temp: string): Promise<Measured> {
  const out = join(temp, '..', `${statSync(input).ino}.json`);
  const timed = existsSync(TIME);
  const argv = timed ? [TIME, '-v', BIN, 'scan', input] : [BIN, 'scan', input];
  const started = performance.now();
  // Output to a file: the shell redirect keeps the child's stdout off our memory.
  const child = spawn('sh', ['-c', '"$@" > "$0"', out, ...argv], { env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peakTemp = 0;
  let peakHwm = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peakTemp = Math.max(peakTemp, await duBytes(temp));
      if (!timed) peakHwm = Math.max(peakHwm, vmHwm(child.pid));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = performance.now() - started;
  done = true;
  await sampler;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const peakRss = rss ? Number(rss[1]) * 1024 : peakHwm;
  const problems = limitProblems(out);
  rmSync(out, { force: true });
  return { code, wallMs, peakRss, peakTemp, problems };
}

/** Bytes under `dir` (du -sb), 0 once it is gone. */
async function duBytes(dir: string): Promise<number> {
  try {
    const { stdout } = await run('du', ['-sb', dir]);
    return Number(stdout.split('\t')[0]);
  } catch {
    return 0;
  }
}

/** Peak RSS so far of the shell's child (the scan), from /proc; 0 when unreadable. */
function vmHwm(shellPid: number | undefined): number {
  try {
    const children = readFileSync(`/proc/${shellPid}/task/${shellPid}/children`, 'utf8').trim().split(' ');
    // Sample: `VmHWM:	  462292 kB`.
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${children[0]}/status`, 'utf8'));
    return hwm ? Number(hwm[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The limit-exceeded problems of a native JSON result, one line each, counted when repeated. */
function limitProblems(path: string): string[] {
  let json: { problems?: { code: string; location: string[]; message: string }[] };
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as typeof json;
  } catch {
    return ['(no JSON result)'];
  }
  const lines = new Map<string, number>();
  for (const p of json.problems ?? []) {
    if (p.code !== 'limit-exceeded') continue;
    const line = `${p.code} at [${p.location.join(' > ')}]: ${p.message}`;
    lines.set(line, (lines.get(line) ?? 0) + 1);
  }
  if (lines.size === 0) return ['no limit-exceeded problem'];
  return [...lines].map(([line, n]) => (n > 1 ? `${n} × ${line}` : line));
}

function mib(bytes: number): string {
  return (bytes / 1024 ** 2).toFixed(0);
}
