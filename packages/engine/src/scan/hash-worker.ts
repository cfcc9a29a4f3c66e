// The thread of hashFileInThread (hash.ts): answers the file's digests, or fails with hashFile's error.
import { parentPort, workerData } from 'node:worker_threads';
import { hashFile } from './hash.ts';

const { path } = workerData as { path: string };
parentPort?.postMessage(await hashFile(path, new AbortController().signal));
