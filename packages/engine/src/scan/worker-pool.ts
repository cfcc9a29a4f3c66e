// Per-file work of a stage spread over worker threads: each thread gets a few jobs ahead of
// its results, and results are kept by job index, so the stage reads them in tree order
// whatever the order they finished in. Used for CPU work that needs nothing but the file
// (leak search, signature matching) on trees large enough to pay for starting threads.
import { availableParallelism, constants, setPriority } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import type { FileSource } from '../util/reader.ts';
import { threadEnv } from './thread-env.ts';

const MAX_THREADS = 4;
/** Jobs sent to a thread ahead of its results, so that it never waits for the next one. */
const PER_THREAD = 2;

/**
 * Threads worth starting on this machine: none (0) on a single core, and none when the scan
 * itself runs in a worker thread (the server's scan threads already spread scans over the
 * cores; threads started from a thread that load WebAssembly crashed V8 on exit).
 */
export function poolWidth(): number {
  if (!isMainThread) return 0;
  const cores = availableParallelism();
  return cores > 1 ? Math.min(MAX_THREADS, cores) : 0;
}

export interface PoolRun<R> {
  /** Result of each job by index; undefined for jobs not run (stopped early, or the pool failed). */
  results: (R | undefined)[];
  /** A thread failed as a whole (could not start, ran out of memory): the caller does the missing jobs itself. */
  failed: boolean;
}

/**
 * Runs `jobs` on `width` threads started from `url` with `data`. `stopBefore(i)` is asked
 * before job i is sent (a time limit): true ends the run with the jobs sent so far. Rejects
 * only with the signal's reason when aborted.
 */
export function runInWorkers<J, R>(url: URL, data: unknown, jobs: readonly J[], width: number, signal: AbortSignal, stopBefore: (index: number) => boolean): Promise<PoolRun<R>> {
  const feed = feedWorkers<J, R>(url, data, width, signal, stopBefore);
  for (const job of jobs) feed.add(job);
  return feed.end();
}


/** Jobs handed to threads as they become known (feedWorkers). */
export interface WorkerFeed<J, R> {
  /** One more job, the next index; a promise is sent once it resolves (its file is written). */
  add(job: J | Promise<J>): void;
  /** No more jobs: the run as runInWorkers answers it, once every job sent has its result. */
  end(): Promise<PoolRun<R>>;
}

/**
 * runInWorkers for jobs that are not all known at the start (the files of a tree still being
 * unpacked): the threads start at once and each job goes to one as soon as it is added.
 */
export function feedWorkers<J, R>(url: URL, data: unknown, width: number, signal: AbortSignal, stopBefore: (index: number) => boolean): WorkerFeed<J, R> {
  const jobs: (J | Promise<J>)[] = [];
  const results: (R | undefined)[] = [];
  const env = threadEnv();
  const workers = Array.from({ length: width }, () => new Worker(url, { workerData: data, ...(env ? { env } : {}) }));
  /** A thread's free places for jobs, one entry each, when no job was there to fill them. */
  const hungry: Worker[] = [];
  let next = 0;
  let running = 0;
  let ended = false;
  let halted = false;
  let settled = false;
  let resolveRun: () => void = () => undefined;
  let rejectRun: (err: unknown) => void = () => undefined;
  const run = new Promise<void>((resolve, reject) => {
    resolveRun = resolve;
    rejectRun = reject;
  });
  // Awaited by end(); never an unhandled rejection before.
  run.catch(() => undefined);
  const stop = (err?: unknown): void => {
    if (settled) return;
    settled = true;
    signal.removeEventListener('abort', onAbort);
    if (err === undefined) resolveRun();
    else rejectRun(err);
  };
  // An aborted scan may never ask for the run (the extract stage failed): its threads end here.
  const onAbort = (): void => {
    stop(signal.reason);
    for (const worker of workers) void worker.terminate();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const send = (worker: Worker): void => {
    if (settled) return;
    if (!halted && next < jobs.length && stopBefore(next)) halted = true;
    if (!halted && next < jobs.length) {
      running++;
      const index = next++;
      void Promise.resolve(jobs[index]).then(
        (job) => {
          if (!settled) worker.postMessage({ index, job });
        },
        (err: unknown) => stop(err),
      );
    } else if (running === 0 && (halted || ended)) stop();
    else if (!halted) hungry.push(worker);
  };
  for (const worker of workers) {
    worker.on('message', (message: { index: number; result: R }) => {
      running--;
      results[message.index] = message.result;
      send(worker);
    });
    worker.on('error', (err) => stop(err));
    worker.on('exit', (code) => stop(new Error(`worker thread exited with code ${code}`)));
    for (let k = 0; k < PER_THREAD; k++) hungry.push(worker);
  }
  if (signal.aborted) onAbort();
  const feedHungry = (): void => {
    while (hungry.length > 0 && next < jobs.length && !halted && !settled) send(hungry.shift() as Worker);
  };
  return {
    add(job) {
      jobs.push(job);
      results.push(undefined);
      feedHungry();
    },
    async end() {
      ended = true;
      feedHungry();
      if (running === 0 && next >= jobs.length) stop();
      let failed = false;
      try {
        await run;
      } catch {
        if (signal.aborted) throw signal.reason;
        failed = true;
      } finally {
        await Promise.all(workers.map((w) => w.terminate()));
      }
      return { results, failed };
    },
  };
}

/**
 * Where a job's file is, as it crosses to a thread: kept bytes go as a copy of exactly
 * themselves (a view's whole underlying memory would be copied with it otherwise).
 */
export function wireSource(file: FileSource): FileSource {
  const contents = file.contents;
  if (contents === undefined) return { diskPath: file.diskPath ?? '' };
  const exact = contents.byteOffset === 0 && contents.buffer.byteLength === contents.byteLength;
  return { diskPath: file.diskPath ?? '', contents: exact ? contents : new Uint8Array(contents) };
}

/**
 * Inside a worker thread: answer each job with `handle`'s result (which must not throw), one
 * job at a time, in the order sent (a signature matcher keeps state while it reads a file).
 */
export function serveJobs<J, R>(handle: (job: J) => Promise<R>): void {
  yieldToScanThread();
  let queue = Promise.resolve();
  parentPort?.on('message', (message: { index: number; job: J }) => {
    queue = queue.then(async () => {
      parentPort?.postMessage({ index: message.index, result: await handle(message.job) });
    });
  });
}

/**
 * Lowers this thread's scheduling priority (Linux: the calling thread only). The scan's own
 * thread unpacks the tree that feeds these threads and runs the stages that wait for them:
 * when the cores are all busy it goes first, and the threads take the time it leaves.
 */
function yieldToScanThread(): void {
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not permitted here: the thread runs at the priority it has.
  }
}
