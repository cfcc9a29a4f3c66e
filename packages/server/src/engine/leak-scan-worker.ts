// Runs inside a worker thread: one search of a stored scan's file for custom patterns (the
// engine's scanLeaks: an unpack and the patterns over every file), off the server's event loop.
import { workerData } from 'node:worker_threads';
import { scanLeaks } from '@binlens/engine';
import type { LeakScanWorkerRequest } from './worker-protocol.ts';
import { runInThread } from './worker-thread.ts';

const request = workerData as LeakScanWorkerRequest;
await runInThread((signal, onProgress) => scanLeaks(request.path, { ...request.options, signal }, onProgress));
