// Runs inside a worker thread: one scan, its progress and its outcome posted to the parent.
// Kept apart from the server's event loop so that a long unpack or signature pass never
// delays requests, and a scan that exhausts its heap ends the worker, not the server.
import { workerData } from 'node:worker_threads';
import { scan } from '@binlens/engine';
import type { ScanWorkerRequest } from './worker-protocol.ts';
import { runInThread } from './worker-thread.ts';

const request = workerData as ScanWorkerRequest;
await runInThread((signal, onProgress) => scan(request.path, { ...request.options, signal }, onProgress));
