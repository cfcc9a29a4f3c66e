// The scan's worker threads on a large input, started before the extract stage: a thread
// searches each file for leaks, matches it against the signatures and reads its licences,
// from one read of its bytes, while the tree is still unpacked (file-job.ts). The stages then
// take each file's parts instead of reading it again; a part that is missing (a time limit,
// a failed thread) the stage does itself. Which parts a file's stages use is settled once
// the extract stage has had its turn: the analyse stage after it only names the formats of
// executables, which the stages treat as they treat a file of no format.
import type { InfoleakOptions } from '../infoleak/types.ts';
import { DETECTORS } from '../infoleak/registry.ts';
import { customDetectors } from '../infoleak/custom.ts';
import type { ScanContext } from './context.ts';
import { FILE_WORKER_URL, type FileJob, type FileJobResult } from './file-job.ts';
import type { FileWorkerData } from './file-worker.ts';
import type { LeakSearch } from './infoleak-file.ts';
import { type LeakSearchRun, THREADED_MIN_BYTES, inFileOrder, inProcess, isLeakCandidate } from './infoleak-stage.ts';
import type { FileLicenses } from './license-file.ts';
import { isLicenseCandidate } from './license-stage.ts';
import type { WireFileHits } from './signature-file.ts';
import { type HitsAhead, isSignatureCandidate } from './signature-stage.ts';
import { outOfTime } from './time-limit.ts';
import type { TreeFile } from './tree.ts';
import { type WorkerFeed, feedWorkers, poolWidth, wireSource } from './worker-pool.ts';
import { threadShares } from './thread-shares.ts';

export interface EarlySearch {
  /** The file at the next tree index has had its turn; `onDisk` resolves once it can be read. */
  passed(file: TreeFile, onDisk: Promise<void>): void;
  /** Every file unpacked: the rest of the tree is handed on, and the threads run to their end. */
  finish(): EarlyResults;
}

export interface EarlyResults {
  /** The infoleak stage's outcome, in file order. */
  leaks: LeakSearchRun;
  /** The files' signature hits, for the signature stage. */
  hits: HitsAhead;
  /** The files' licences, for the licence stage (readLicenses). */
  licences: Promise<Map<TreeFile, FileLicenses>>;
}

/**
 * The threads, started when the input is large (as the stages would start theirs); undefined
 * otherwise, and then the stages run their own. An invalid user pattern throws here.
 */
export function startEarlySearch(ctx: ScanContext, inputSize: number, options: InfoleakOptions = {}): EarlySearch | undefined {
  const customPatterns = options.customPatterns ?? [];
  const custom = customDetectors(customPatterns);
  const threads = poolWidth();
  if (inputSize < THREADED_MIN_BYTES || threads < 2) return undefined;
  const search: LeakSearch = { detectors: [...DETECTORS, ...custom], decoys: options.decoys ?? true, builtIn: true };
  /** Each file sent, with its job's index. */
  const sent = new Map<TreeFile, number>();
  /** The files searched for leaks, in tree order. */
  const leakFiles: TreeFile[] = [];
  let passed = 0;
  let finished = false;
  const leaksLeft = (next: number): number => leakFiles.filter((file) => (sent.get(file) ?? next) >= next).length;
  // While the tree is unpacked, the extract stage reports a time limit itself; the threads only stop.
  const stopBefore = (next: number): boolean =>
    finished ? outOfTime(ctx, 'infoleak', () => `${leaksLeft(next)} of ${leakFiles.length} files not searched for leaks`) : ctx.tracker.timeUp();
  const data: FileWorkerData = { customPatterns, decoys: search.decoys, builtIn: true, shares: threadShares() };
  const feed: WorkerFeed<FileJob, FileJobResult> = feedWorkers(FILE_WORKER_URL, data, threads, ctx.signal, stopBefore);
  const offer = (file: TreeFile, onDisk: Promise<void>): void => {
    passed++;
    const leaks = isLeakCandidate(file);
    const signatures = isSignatureCandidate(file);
    const licences = isLicenseCandidate(file);
    if (!leaks && !signatures && !licences) return;
    const job: FileJob = {
      ...wireSource(file),
      location: file.entry.path,
      ...(leaks ? { leaks } : {}),
      ...(signatures ? { signatures: { sniff: file.entry.format === undefined } } : {}),
      ...(licences ? { licences } : {}),
    };
    if (leaks) leakFiles.push(file);
    sent.set(file, sent.size);
    feed.add(file.contents === undefined ? onDisk.then(() => job) : job);
  };
  return {
    passed: offer,
    finish() {
      for (const file of ctx.tree.files.slice(passed)) offer(file, Promise.resolve());
      finished = true;
      ctx.progress({ stage: 'infoleak', done: 0, total: leakFiles.length });
      // Out of time already: the stage searches nothing, whatever the threads found meanwhile.
      const late = outOfTime(ctx, 'infoleak', () => `${leakFiles.length} of ${leakFiles.length} files not searched for leaks`);
      const ended = feed.end();
      const leakResult = ended.then(({ results, failed }) => {
        if (late) return inFileOrder([]);
        const found = leakFiles.map((file) => results[sent.get(file) ?? -1]?.leaks);
        return failed ? inProcess(ctx, leakFiles, search, found) : inFileOrder(found);
      });
      const parts = <T>(part: (result: FileJobResult) => T | undefined): Promise<Map<TreeFile, T>> =>
        ended.then(({ results }) => {
          const byFile = new Map<TreeFile, T>();
          for (const [file, index] of sent) {
            const result = results[index];
            const value = result === undefined ? undefined : part(result);
            if (value !== undefined) byFile.set(file, value);
          }
          return byFile;
        });
      const hits = parts<WireFileHits>((r) => r.hits);
      const licences = parts<FileLicenses>((r) => r.licences);
      // Awaited by the stages; never an unhandled rejection meanwhile.
      for (const promise of [leakResult, hits, licences]) promise.catch(() => undefined);
      return { leaks: { threaded: true, result: leakResult }, hits, licences };
    },
  };
}
