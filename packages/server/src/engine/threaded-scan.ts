// The engine's work in a worker thread, one thread per scan (or per search of a stored scan's
// file for custom patterns): its heap is bounded, its CPU work stays off the event loop, and its
// end (done, error, crash, abort) always settles the promise exactly once.
import { Worker } from 'node:worker_threads';
import type { LeakScan, LeakScanOptions, ScanOptions } from '@binlens/engine';
import type { Identification, ProgressListener } from '@binlens/engine/model';
import type { EngineWorkerMessage, LeakScanWorkerRequest, ScanWorkerRequest } from './worker-protocol.ts';

const SCAN_WORKER_URL = new URL('./scan-worker.ts', import.meta.url);
const LEAK_SCAN_WORKER_URL = new URL('./leak-scan-worker.ts', import.meta.url);
/** Heap of one scan's thread. The engine streams; this is headroom, not a working set. */
export const DEFAULT_SCAN_HEAP_MB = 2048;

export interface ThreadedScanOptions extends ScanOptions {
  heapMb?: number;
}

export function scanInWorker(path: string, options: ThreadedScanOptions = {}, onProgress?: ProgressListener): Promise<Identification> {
  const { signal, heapMb, ...rest } = options;
  const request: ScanWorkerRequest = { path, options: rest };
  return runInWorker<Identification>(SCAN_WORKER_URL, request, signal, heapMb, onProgress);
}

/** The engine's scanLeaks (a stored scan's file searched for custom patterns) in a thread of its own. */
export function scanLeaksInWorker(path: string, options: LeakScanOptions & { heapMb?: number }, onProgress?: ProgressListener): Promise<LeakScan> {
  const { signal, heapMb, ...rest } = options;
  const request: LeakScanWorkerRequest = { path, options: rest };
  return runInWorker<LeakScan>(LEAK_SCAN_WORKER_URL, request, signal, heapMb, onProgress);
}

function runInWorker<Result>(url: URL, request: object, signal: AbortSignal | undefined, heapMb: number | undefined, onProgress?: ProgressListener): Promise<Result> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const worker = new Worker(url, { workerData: request, resourceLimits: { maxOldGenerationSizeMb: heapMb ?? DEFAULT_SCAN_HEAP_MB } });
  return new Promise<Result>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = (): void => worker.postMessage({ type: 'abort' });
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: EngineWorkerMessage<Result>) => {
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'done') settle(() => resolve(message.result));
      else settle(() => reject(message.aborted && signal?.aborted ? signal.reason : new Error(message.message)));
    });
    worker.on('error', (error) => {
      const reason = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new Error('the scan needed more memory than a scan may use')
        : error;
      settle(() => reject(reason));
    });
    worker.on('exit', (code) => settle(() => reject(new Error(`the scan worker stopped unexpectedly (exit code ${code})`))));
  });
}
