// Runs inside a worker thread: one scan, its progress and its outcome posted to the parent.
// Kept apart from the server's event loop so that a long unpack or signature pass never
// delays requests, and a scan that exhausts its heap ends the worker, not the server.
import { parentPort, workerData } from 'node:worker_threads';
import { scan } from '@binlens/engine';
import type { Progress } from '@binlens/engine/model';
import type { ScanWorkerRequest, ScanWorkerMessage } from './worker-protocol.ts';

const PROGRESS_INTERVAL_MS = 100;

const port = parentPort;
if (!port) throw new Error('scan-worker.ts runs only as a worker thread');
const request = workerData as ScanWorkerRequest;
const controller = new AbortController();
port.on('message', (message: { type: 'abort' }) => {
  if (message.type === 'abort') controller.abort(new Error('The scan was aborted.'));
});

const post = (message: ScanWorkerMessage): void => port.postMessage(message);
let last = 0;
const onProgress = (progress: Progress): void => {
  const now = Date.now();
  // The parent throttles database writes too; this only keeps the message channel quiet.
  if (now - last < PROGRESS_INTERVAL_MS && progress.done !== progress.total) return;
  last = now;
  post({ type: 'progress', progress });
};

try {
  const identification = await scan(request.path, { ...request.options, signal: controller.signal }, onProgress);
  post({ type: 'done', identification });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error), aborted: controller.signal.aborted });
} finally {
  port.close();
}
