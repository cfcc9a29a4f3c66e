// Runs a test's thread module with `data` and answers the one message it posts (its error, if it fails).
import { Worker } from 'node:worker_threads';

export function answerOfThread<T>(module: URL, data: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(module, { workerData: data });
    worker.once('message', (message: T) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
