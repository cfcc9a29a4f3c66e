// Stage "infoleak": every detector over every leaf file of the tree, one pass per file.
// Containers that an unpacker opened are skipped (their members are scanned instead).
// Reads are bounded: a file's first MAX_SCAN_BYTES are scanned and the rest reported.
// Searching is CPU work that depends on nothing the later stages find: on a large tree it
// runs in worker threads beside them (startInfoleakStage), and its findings and problems
// are put back in file order, so the result is the same as one file at a time. On a large
// input the threads start with the scan (startEarlyLeakSearch): the extract stage hands them
// each file once its turn is over, so the search runs beside the unpacking too.
import type { InfoleakFinding } from '../model/index.ts';
import { DETECTORS } from '../infoleak/registry.ts';
import { customDetectors } from '../infoleak/custom.ts';
import type { InfoleakOptions } from '../infoleak/types.ts';
import type { ScanContext } from './context.ts';
import { ELF_FORMAT } from './extract-stage.ts';
import { MACHO_FORMAT, PE_FORMAT } from './analyse-stage.ts';
import { type FileLeaks, type LeakSearch, MAX_SCAN_BYTES, searchFile } from './infoleak-file.ts';
import type { LeakJob, LeakWorkerData } from './infoleak-worker.ts';
import { outOfTime } from './time-limit.ts';
import { type WorkerFeed, feedWorkers, poolWidth, runInWorkers, wireSource } from './worker-pool.ts';
import type { TreeFile } from './tree.ts';

export { INFOLEAK_PLUGIN } from './infoleak-file.ts';

const WORKER_URL = new URL('./infoleak-worker.ts', import.meta.url);
/** Below this many bytes to search, starting threads costs more than it saves. */
const THREADED_MIN_BYTES = 16 * 1024 * 1024;

/**
 * Runs the built-in detectors and the user's patterns; an invalid user pattern throws (bad options).
 * `builtIn: false` runs the user's patterns alone (a stored scan searched again for them).
 */
export async function infoleakStage(ctx: ScanContext, options: InfoleakOptions = {}, { builtIn = true }: { builtIn?: boolean } = {}): Promise<InfoleakFinding[]> {
  const { findings, problems } = await startInfoleakStage(ctx, options, { builtIn }).result;
  ctx.problems.push(...problems);
  return findings;
}

export interface LeakSearchRun {
  /** True when worker threads search (a large tree): the search goes on while the caller does other work. */
  threaded: boolean;
  /** Findings and problems in file order; the problems are for the caller to record, where the stage stands. */
  result: Promise<FileLeaks>;
}

/** Starts the stage (an invalid user pattern throws here). */
export function startInfoleakStage(ctx: ScanContext, options: InfoleakOptions = {}, { builtIn = true }: { builtIn?: boolean } = {}): LeakSearchRun {
  const customPatterns = options.customPatterns ?? [];
  const custom = customDetectors(customPatterns);
  if (!builtIn && custom.length === 0) return { threaded: false, result: Promise.resolve({ findings: [], problems: [] }) };
  const search: LeakSearch = { detectors: builtIn ? [...DETECTORS, ...custom] : custom, decoys: options.decoys ?? true, builtIn };
  const files = ctx.tree.files.filter(isSearched);
  const bytes = files.reduce((n, f) => n + Math.min(f.entry.size, MAX_SCAN_BYTES), 0);
  const threads = poolWidth();
  const threaded = bytes >= THREADED_MIN_BYTES && threads > 1;
  const result = threaded ? inThreads(ctx, files, search, { customPatterns, decoys: search.decoys, builtIn }, threads) : inProcess(ctx, files, search);
  // Awaited by the caller; never an unhandled rejection meanwhile.
  result.catch(() => undefined);
  return { threaded, result };
}

/**
 * A leaf file the stage searches. What it looks at is settled once the extract stage has had
 * the file's turn (the analyse stage only names executables' formats, all of them searched).
 */
function isSearched(f: TreeFile): boolean {
  return (
    f.diskPath !== undefined &&
    f.entry.linkTarget === undefined &&
    f.entry.size > 0 &&
    (f.entry.format === undefined || f.entry.format === ELF_FORMAT || f.entry.format === PE_FORMAT || f.entry.format === MACHO_FORMAT)
  );
}

/** The leak search fed by the extract stage, file by file in tree order (startEarlyLeakSearch). */
export interface EarlyLeakSearch {
  /** The file at the next tree index has had its turn; `onDisk` resolves once it can be read. */
  passed(file: TreeFile, onDisk: Promise<void>): void;
  /** Every file unpacked: the rest of the tree is handed on, and the search runs to its end. */
  finish(): LeakSearchRun;
}

/**
 * The stage's threads, started before the extract stage when the input is large (as the stage
 * would run them); undefined otherwise, and then startInfoleakStage runs after the extraction.
 * An invalid user pattern throws here.
 */
export function startEarlyLeakSearch(ctx: ScanContext, inputSize: number, options: InfoleakOptions = {}): EarlyLeakSearch | undefined {
  const customPatterns = options.customPatterns ?? [];
  const custom = customDetectors(customPatterns);
  const threads = poolWidth();
  if (inputSize < THREADED_MIN_BYTES || threads < 2) return undefined;
  const search: LeakSearch = { detectors: [...DETECTORS, ...custom], decoys: options.decoys ?? true, builtIn: true };
  const files: TreeFile[] = [];
  let passed = 0;
  let finished = false;
  // While the tree is unpacked, the extract stage reports a time limit itself; the search only stops.
  const stopBefore = (next: number): boolean => (finished ? outOfTime(ctx, 'infoleak', () => `${files.length - next} of ${files.length} files not searched for leaks`) : ctx.tracker.timeUp());
  const feed: WorkerFeed<LeakJob, FileLeaks> = feedWorkers(WORKER_URL, { customPatterns, decoys: search.decoys, builtIn: true } satisfies LeakWorkerData, threads, ctx.signal, stopBefore);
  const offer = (file: TreeFile, onDisk: Promise<void>): void => {
    passed++;
    if (!isSearched(file)) return;
    files.push(file);
    const job: LeakJob = { ...wireSource(file), location: file.entry.path };
    feed.add(file.contents === undefined ? onDisk.then(() => job) : job);
  };
  return {
    passed: offer,
    finish() {
      for (const file of ctx.tree.files.slice(passed)) offer(file, Promise.resolve());
      finished = true;
      ctx.progress({ stage: 'infoleak', done: 0, total: files.length });
      // Out of time already: the stage searches nothing, whatever the threads found meanwhile.
      const late = outOfTime(ctx, 'infoleak', () => `${files.length} of ${files.length} files not searched for leaks`);
      const result = feed.end().then(({ results, failed }) => (late ? inFileOrder([]) : failed ? inProcess(ctx, files, search, results) : inFileOrder(results)));
      result.catch(() => undefined);
      return { threaded: true, result };
    },
  };
}

/** One file after the other on this thread. */
async function inProcess(ctx: ScanContext, files: readonly TreeFile[], search: LeakSearch, results: (FileLeaks | undefined)[] = []): Promise<FileLeaks> {
  for (const [i, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    if (results[i]) continue;
    if (outOfTime(ctx, 'infoleak', () => `${files.length - i} of ${files.length} files not searched for leaks`)) break;
    ctx.progress({ stage: 'infoleak', done: i, total: files.length });
    results[i] = await searchFile(file, file.entry.path, search);
  }
  ctx.progress({ stage: 'infoleak', done: files.length, total: files.length });
  return inFileOrder(results);
}

/**
 * Files handed to worker threads. Should a thread fail as a whole (it cannot start, it runs
 * out of memory), the files without a result are searched on this thread instead.
 */
async function inThreads(ctx: ScanContext, files: readonly TreeFile[], search: LeakSearch, data: LeakWorkerData, width: number): Promise<FileLeaks> {
  // Reported once: the later stages report their own progress while the threads search.
  ctx.progress({ stage: 'infoleak', done: 0, total: files.length });
  const jobs: LeakJob[] = files.map((f) => ({ ...wireSource(f), location: f.entry.path }));
  const stopBefore = (next: number): boolean => outOfTime(ctx, 'infoleak', () => `${files.length - next} of ${files.length} files not searched for leaks`);
  const { results, failed } = await runInWorkers<LeakJob, FileLeaks>(WORKER_URL, data, jobs, width, ctx.signal, stopBefore);
  return failed ? inProcess(ctx, files, search, results) : inFileOrder(results);
}

function inFileOrder(results: readonly (FileLeaks | undefined)[]): FileLeaks {
  const out: FileLeaks = { findings: [], problems: [] };
  for (const result of results) {
    if (!result) continue;
    for (const f of result.findings) out.findings.push(f);
    for (const p of result.problems) out.problems.push(p);
  }
  return out;
}
