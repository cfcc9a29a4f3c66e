// Stage "infoleak": every detector over every leaf file of the tree, one pass per file.
// Containers that an unpacker opened are skipped (their members are scanned instead).
// Reads are bounded: a file's first MAX_SCAN_BYTES are scanned and the rest reported.
// Searching is CPU work that depends on nothing the later stages find: on a large tree it
// runs in worker threads beside them (startInfoleakStage), and its findings and problems
// are put back in file order, so the result is the same as one file at a time. On a large
// input the threads start with the scan instead (early-search.ts), and search each file
// while the tree is still unpacked.
import type { InfoleakFinding } from '../model/index.ts';
import { DETECTORS } from '../infoleak/registry.ts';
import { customDetectors } from '../infoleak/custom.ts';
import type { InfoleakOptions } from '../infoleak/types.ts';
import type { ScanContext } from './context.ts';
import { ELF_FORMAT } from './extract-stage.ts';
import { MACHO_FORMAT, PE_FORMAT } from './analyse-stage.ts';
import { type FileLeaks, type LeakSearch, MAX_SCAN_BYTES, searchFile } from './infoleak-file.ts';
import { FILE_WORKER_URL, type FileJob, type FileJobResult } from './file-job.ts';
import type { FileWorkerData } from './file-worker.ts';
import { outOfTime } from './time-limit.ts';
import { poolWidth, runInWorkers, wireSource } from './worker-pool.ts';
import { threadShares } from './thread-shares.ts';
import type { TreeFile } from './tree.ts';

export { INFOLEAK_PLUGIN } from './infoleak-file.ts';

/** Below this many bytes to search, starting threads costs more than it saves. */
export const THREADED_MIN_BYTES = 16 * 1024 * 1024;

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
  const files = ctx.tree.files.filter(isLeakCandidate);
  const bytes = files.reduce((n, f) => n + Math.min(f.entry.size, MAX_SCAN_BYTES), 0);
  const threads = poolWidth();
  const threaded = bytes >= THREADED_MIN_BYTES && threads > 1;
  const result = threaded ? inThreads(ctx, files, search, { customPatterns, decoys: search.decoys, builtIn, shares: threadShares() }, threads) : inProcess(ctx, files, search);
  // Awaited by the caller; never an unhandled rejection meanwhile.
  result.catch(() => undefined);
  return { threaded, result };
}

/**
 * A leaf file the stage searches. What it looks at is settled once the extract stage has had
 * the file's turn (the analyse stage only names executables' formats, all of them searched).
 */
export function isLeakCandidate(f: TreeFile): boolean {
  return (
    f.diskPath !== undefined &&
    f.entry.linkTarget === undefined &&
    f.entry.size > 0 &&
    (f.entry.format === undefined || f.entry.format === ELF_FORMAT || f.entry.format === PE_FORMAT || f.entry.format === MACHO_FORMAT)
  );
}

/** One file after the other on this thread. */
export async function inProcess(ctx: ScanContext, files: readonly TreeFile[], search: LeakSearch, results: (FileLeaks | undefined)[] = []): Promise<FileLeaks> {
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
async function inThreads(ctx: ScanContext, files: readonly TreeFile[], search: LeakSearch, data: FileWorkerData, width: number): Promise<FileLeaks> {
  // Reported once: the later stages report their own progress while the threads search.
  ctx.progress({ stage: 'infoleak', done: 0, total: files.length });
  const jobs: FileJob[] = files.map((f) => ({ ...wireSource(f), location: f.entry.path, leaks: true }));
  const stopBefore = (next: number): boolean => outOfTime(ctx, 'infoleak', () => `${files.length - next} of ${files.length} files not searched for leaks`);
  const run = await runInWorkers<FileJob, FileJobResult>(FILE_WORKER_URL, data, jobs, width, ctx.signal, stopBefore);
  const results = run.results.map((r) => r?.leaks);
  return run.failed ? inProcess(ctx, files, search, results) : inFileOrder(results);
}

export function inFileOrder(results: readonly (FileLeaks | undefined)[]): FileLeaks {
  const out: FileLeaks = { findings: [], problems: [] };
  for (const result of results) {
    if (!result) continue;
    for (const f of result.findings) out.findings.push(f);
    for (const p of result.problems) out.problems.push(p);
  }
  return out;
}
