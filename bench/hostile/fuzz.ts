// A larger hostile run than the test suite's: every fixture mutated under N seeds (`mutate`
// of packages/engine/test/mutations.ts), plus the named damaged copies of test/hostile
// (truncations, bit flips, header fields zeroed and maxed). Each case is scanned in a child
// process of its own, inside a fresh box, with a wall-clock timeout; the parent samples the
// child's peak RSS (/proc VmHWM) and the bytes under its temp dir while it runs. Prints
// counts: tried, clean (finished, whatever problems it reported), crashed (non-zero exit or
// no result), hung (killed at the timeout), escaped (the box's listing changed outside the
// work dir), plus peak RSS and peak temporary disk, and the problem codes seen.
//
//   node bench/hostile/fuzz.ts [--seeds 10] [--max-cases 5000] [--time-limit 600] [--case-timeout 30] [--jobs 2]
//   node bench/hostile/fuzz.ts --only unpack/zip-nested-targz@7     (one fixture, one seed, to reproduce)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scan } from '@binlens/engine';
import { listFixtures } from '../../packages/engine/test/fixtures.ts';
import { DAMAGE_FIXTURES, damagedCopies, readFixture } from '../../packages/engine/test/hostile/damage.ts';
import { mutate, rng } from '../../packages/engine/test/mutations.ts';

const SELF = fileURLToPath(import.meta.url);
/** The server caps a scan's heap at 2 GB; so does each case here. */
const CHILD_HEAP_MB = 2048;
const SAMPLE_MS = 100;
const CHILD_SAMPLE_MS = 20;
/** Fixture bytes by path, read once per run (every seed mutates the same sample). */
const fileCache = new Map<string, Buffer>();

if (process.argv[2] === '--child') await child(process.argv[3] ?? '', process.argv[4] ?? '');
else await parent();

/**
 * In the child: scan one input with the given temp dir and print, as one JSON line, what it
 * found, its peak RSS and the most bytes seen under the temp dir (sampled from inside, where a
 * scan of half a second is not missed between the parent's samples).
 */
async function child(input: string, work: string): Promise<void> {
  let peakDisk = 0;
  let sampling = false;
  const sampler = setInterval(() => {
    if (sampling) return;
    sampling = true;
    void bytesUnder(work).then((b) => {
      peakDisk = Math.max(peakDisk, b);
      sampling = false;
    });
  }, CHILD_SAMPLE_MS);
  const id = await scan(input, { tempDir: work });
  clearInterval(sampler);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  // 7-Zip's WebAssembly build sets process.exitCode when it fails on an input; the scan
  // itself finished, so that is reported as a side effect rather than taken for a crash.
  const exitCodeLeft = process.exitCode ?? 0;
  process.exitCode = 0;
  process.stdout.write(`${JSON.stringify({ files: id.files.length, codes: id.problems.map((p) => p.code), peakRss, peakDisk, exitCodeLeft })}\n`);
}

interface Case {
  id: string;
  fileName: string;
  bytes: () => Buffer;
}

type Verdict = 'clean' | 'crashed' | 'hung';

interface Result {
  verdict: Verdict;
  codes: string[];
  escaped: string[];
  peakRss: number;
  peakDisk: number;
  ms: number;
  detail: string;
}

async function parent(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '10' },
      'max-cases': { type: 'string', default: '5000' },
      'time-limit': { type: 'string', default: '600' },
      'case-timeout': { type: 'string', default: '30' },
      jobs: { type: 'string', default: '2' },
      only: { type: 'string' },
    },
  });
  const seeds = Number(values.seeds);
  const maxCases = Number(values['max-cases']);
  const deadline = Date.now() + Number(values['time-limit']) * 1000;
  const caseTimeout = Number(values['case-timeout']) * 1000;
  const jobs = Math.max(1, Number(values.jobs));
  const cases = [...allCases(seeds, values.only)].slice(0, maxCases);
  console.log(`hostile fuzz: ${cases.length} cases (${seeds} seeds × ${listFixtures().length} fixtures + damaged copies), ${jobs} at a time, ${caseTimeout / 1000} s each, ${values['time-limit']} s in all`);

  const results = new Map<string, Result>();
  const started = Date.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length && Date.now() < deadline) {
      const c = cases[next++];
      if (c === undefined) break;
      results.set(c.id, await runCase(c, caseTimeout));
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  report([...results.entries()], cases.length, Date.now() - started);
}

/** Mutations of every fixture under each seed, then the damaged copies of the suite's fixtures. */
function* allCases(seeds: number, only: string | undefined): Generator<Case> {
  const [onlyFixture, onlySeed] = only?.split('@') ?? [];
  for (let seed = 1; seed <= seeds; seed++) {
    if (onlySeed !== undefined && Number(onlySeed) !== seed) continue;
    for (const fixture of listFixtures()) {
      if (onlyFixture !== undefined && fixture.id !== onlyFixture) continue;
      yield {
        id: `${fixture.id}@${seed}`,
        fileName: basename(fixture.input),
        bytes: () => {
          // One seeded stream per fixture and seed: the same case whatever else runs.
          const next = rng((seed * 0x9e3779b1) ^ hash(fixture.id));
          return mutate(Buffer.from(readFixtureFile(fixture.input)), next);
        },
      };
    }
  }
  if (only !== undefined) return;
  for (const fixture of DAMAGE_FIXTURES) {
    for (const copy of damagedCopies(readFixture(fixture.path), fixture.fields, 0x5eed, 8)) {
      yield { id: `${fixture.path} ${copy.id}`, fileName: basename(fixture.path), bytes: () => copy.bytes };
    }
  }
}

/** Read once per run: the same fixture comes back for every seed. */
function readFixtureFile(path: string): Buffer {
  const cached = fileCache.get(path);
  if (cached) return cached;
  const bytes = readFileSync(path);
  fileCache.set(path, bytes);
  return bytes;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** One case in its own box and child process; sampled while it runs, killed at the timeout. */
async function runCase(c: Case, timeoutMs: number): Promise<Result> {
  const box = await mkdtemp(join(tmpdir(), 'binlens-fuzz-'));
  try {
    const input = join(box, 'input', c.fileName);
    const work = join(box, 'work');
    await mkdir(join(box, 'input'));
    await mkdir(work);
    await writeFile(input, c.bytes());
    const before = await outsideWork(box);
    const start = Date.now();
    const proc = spawn(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`, SELF, '--child', input, work], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    let peakRss = 0;
    let peakDisk = 0;
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      proc.kill('SIGKILL');
    }, timeoutMs);
    const sampler = setInterval(() => {
      void vmHwm(proc.pid).then((kb) => (peakRss = Math.max(peakRss, kb * 1024)));
      void bytesUnder(work).then((b) => (peakDisk = Math.max(peakDisk, b)));
    }, SAMPLE_MS);
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('close', (code, signal) => resolve({ code, signal })));
    clearTimeout(timer);
    clearInterval(sampler);
    const ms = Date.now() - start;
    const after = await outsideWork(box);
    const escaped = [...after.filter((e) => !before.includes(e)), ...before.filter((e) => !after.includes(e))];
    const line = stdout.trim().split('\n').at(-1) ?? '';
    if (hung) return { verdict: 'hung', codes: [], escaped, peakRss, peakDisk, ms, detail: `killed after ${timeoutMs / 1000} s` };
    if (exit.code !== 0 || !line.startsWith('{')) {
      return { verdict: 'crashed', codes: [], escaped, peakRss, peakDisk, ms, detail: `exit ${exit.code ?? exit.signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}` };
    }
    const found = JSON.parse(line) as { codes: string[]; peakRss: number; peakDisk: number; exitCodeLeft: number | string };
    const detail = Number(found.exitCodeLeft) === 0 ? '' : `process.exitCode left at ${found.exitCodeLeft}`;
    return { verdict: 'clean', codes: found.codes, escaped, peakRss: Math.max(peakRss, found.peakRss), peakDisk: Math.max(peakDisk, found.peakDisk), ms, detail };
  } finally {
    await rm(box, { recursive: true, force: true });
  }
}

/** The box's listing without the work dir's contents (the scan's own files come and go there). */
async function outsideWork(box: string): Promise<string[]> {
  const entries = await readdir(box, { recursive: true });
  return entries.filter((e) => !e.startsWith(`work/`)).sort();
}

/** Peak resident set of a live process in KiB (Linux), 0 once it is gone. */
async function vmHwm(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    // Sample line: `VmHWM:	  123456 kB`.
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Bytes of the regular files under `dir` (a file removed while walking counts nothing). */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  try {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      total += await stat(join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
    }
  } catch {
    // The scan removed its work dir while we walked it.
  }
  return total;
}

function report(results: [string, Result][], planned: number, ms: number): void {
  const count = (v: Verdict): number => results.filter(([, r]) => r.verdict === v).length;
  const peak = (key: 'peakRss' | 'peakDisk'): [string, number] => results.reduce<[string, number]>((best, [id, r]) => (r[key] > best[1] ? [id, r[key]] : best), ['-', 0]);
  const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  const escaped = results.filter(([, r]) => r.escaped.length > 0);
  const [rssCase, rss] = peak('peakRss');
  const [diskCase, disk] = peak('peakDisk');
  const slowest = results.reduce<[string, number]>((best, [id, r]) => (r.ms > best[1] ? [id, r.ms] : best), ['-', 0]);
  console.log(`tried ${results.length} of ${planned} in ${(ms / 1000).toFixed(0)} s: clean ${count('clean')}, crashed ${count('crashed')}, hung ${count('hung')}, escaped ${escaped.length}`);
  console.log(`peak RSS ${mib(rss)} (${rssCase}); peak temporary disk ${mib(disk)} (${diskCase}); slowest ${(slowest[1] / 1000).toFixed(1)} s (${slowest[0]})`);
  const codes = new Map<string, number>();
  for (const [, r] of results) for (const code of r.codes) codes.set(code, (codes.get(code) ?? 0) + 1);
  console.log(`problem codes: ${[...codes.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
  const sideEffects = results.filter(([, r]) => r.verdict === 'clean' && r.detail !== '');
  if (sideEffects.length > 0) console.log(`clean scans that left process.exitCode set: ${sideEffects.length}`);
  for (const [id, r] of results) {
    // `internal-error` is a plugin that threw something other than a FormatError: a bug, even if caught.
    if (r.codes.includes('internal-error')) console.log(`  internal-error ${id}`);
    if (r.verdict !== 'clean' || r.escaped.length > 0 || r.detail !== '') console.log(`  ${r.verdict} ${id}: ${r.detail}${r.escaped.length > 0 ? ` escaped ${r.escaped.join(', ')}` : ''}`);
  }
}
