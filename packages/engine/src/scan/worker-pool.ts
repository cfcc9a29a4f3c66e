// Per-file work of a stage spread over worker threads: each thread gets a few jobs ahead of
// its results, and results are kept by job index, so the stage reads them in tree order
// whatever the order they finished in. Used for CPU work that needs nothing but the file
// (leak search, signature matching) on trees large enough to pay for starting threads.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

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
export async function runInWorkers<J, R>(url: URL, data: unknown, jobs: readonly J[], width: number, signal: AbortSignal, stopBefore: (index: number) => boolean): Promise<PoolRun<R>> {
  const results: (R | undefined)[] = Array.from({ length: jobs.length }, () => undefined);
  const workers = Array.from({ length: width }, () => new Worker(url, { workerData: data }));
  let failed = false;
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let running = 0;
      let stopped = false;
      const stop = (err?: unknown): void => {
        if (stopped) return;
        stopped = true;
        signal.removeEventListener('abort', onAbort);
        if (err === undefined) resolve();
        else reject(err);
      };
      const onAbort = (): void => stop(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      const send = (worker: Worker): void => {
        if (stopped) return;
        if (next < jobs.length && !stopBefore(next)) {
          running++;
          worker.postMessage({ index: next, job: jobs[next++] });
        } else if (running === 0) stop();
      };
      for (const worker of workers) {
        worker.on('message', (message: { index: number; result: R }) => {
          running--;
          results[message.index] = message.result;
          send(worker);
        });
        worker.on('error', (err) => stop(err));
        worker.on('exit', (code) => stop(new Error(`worker thread exited with code ${code}`)));
        for (let k = 0; k < PER_THREAD; k++) send(worker);
      }
      if (signal.aborted) stop(signal.reason);
    });
  } catch {
    if (signal.aborted) throw signal.reason;
    failed = true;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { results, failed };
}

/**
 * Inside a worker thread: answer each job with `handle`'s result (which must not throw), one
 * job at a time, in the order sent (a signature matcher keeps state while it reads a file).
 */
export function serveJobs<J, R>(handle: (job: J) => Promise<R>): void {
  let queue = Promise.resolve();
  parentPort?.on('message', (message: { index: number; job: J }) => {
    queue = queue.then(async () => {
      parentPort?.postMessage({ index: message.index, result: await handle(message.job) });
    });
  });
}
