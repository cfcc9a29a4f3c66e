// What every engine worker thread does around its one piece of work: abort arrives as a message,
// progress is posted (throttled), and the outcome is posted once before the port closes.
import { parentPort } from 'node:worker_threads';
import type { Progress, ProgressListener } from '@binlens/engine/model';
import type { EngineWorkerMessage } from './worker-protocol.ts';

const PROGRESS_INTERVAL_MS = 100;

export async function runInThread<Result>(work: (signal: AbortSignal, onProgress: ProgressListener) => Promise<Result>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('an engine worker runs only as a worker thread');
  const controller = new AbortController();
  port.on('message', (message: { type: 'abort' }) => {
    if (message.type === 'abort') controller.abort(new Error('The scan was aborted.'));
  });
  const post = (message: EngineWorkerMessage<Result>): void => port.postMessage(message);
  let last = 0;
  const onProgress = (progress: Progress): void => {
    const now = Date.now();
    // The parent throttles database writes too; this only keeps the message channel quiet.
    if (now - last < PROGRESS_INTERVAL_MS && progress.done !== progress.total) return;
    last = now;
    post({ type: 'progress', progress });
  };
  try {
    post({ type: 'done', result: await work(controller.signal, onProgress) });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error), aborted: controller.signal.aborted });
  } finally {
    port.close();
  }
}
