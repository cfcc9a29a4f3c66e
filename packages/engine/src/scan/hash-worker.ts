// The thread of hashFileInThread (hash.ts): answers the file's digests, or fails with hashFileSync's error.
import { parentPort, workerData } from 'node:worker_threads';
import { hashFileSync } from './hash.ts';

const { path } = workerData as { path: string };
parentPort?.postMessage(hashFileSync(path));
