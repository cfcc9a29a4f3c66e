import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { BlobStore, StoredBlob } from '../blobs/blob-store.ts';
import { BlobTooLargeError } from '../blobs/blob-store.ts';
import type { ScanProgress } from '../db/schema/index.ts';
import { newErrorId } from '../lib/errors.ts';
import type { AllowedNetwork } from '../lib/outbound/guard.ts';
import { FETCH_DEAD_QUEUE, FETCH_QUEUE, type FetchJobData } from '../lib/outbound/queue-names.ts';
import { OutboundFailedError, OutboundRefusedError, outboundRequest, OutboundTooLargeError, type OutboundResponse } from '../lib/outbound/request.ts';
import { SCAN_QUEUE, type ScanJobData } from '../lib/queue-names.ts';
import { nameFromUrl, safeFileName } from '../modules/scans/fetch-service.ts';
import type { ScanFetchRepository } from '../modules/scans/fetch-repository.ts';
import { ProgressWriter } from './progress-writer.ts';
import type { QueueHandle } from './queues.ts';

export interface FetchLimits {
  /** The whole download. */
  timeoutMs: number;
  /** The longest the server may send nothing. */
  idleMs: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 30 * 60_000, idleMs: 60_000, maxRedirects: 5 };

export interface FetchJobDeps {
  fetches: ScanFetchRepository;
  blobs: BlobStore;
  allowedNetworks: () => Promise<AllowedNetwork[]>;
  /** The company's upload limit (settings service). */
  maxUploadBytes: () => Promise<number>;
  queue: Pick<QueueHandle, 'enqueue' | 'wakeOnSend'>;
  log: FastifyBaseLogger;
  limits?: FetchLimits;
  progressIntervalMs?: number;
}

/**
 * Downloads a fetched scan's file through the SSRF guard into the blob store, then queues the
 * scan as an upload would. A refusal or failure fails the scan with the reason the user reads:
 * `The file could not be fetched: localhost resolves to 127.0.0.1, which is a loopback address; …`.
 * Throws only when aborted (shutdown), so pg-boss retries the job.
 */
export async function runFetchJob(deps: FetchJobDeps, scanId: number, signal: AbortSignal, options: Pick<FetchJobData, 'deleteBinary' | 'callback'> = {}): Promise<void> {
  const pending = await deps.fetches.pending(scanId);
  if (!pending) return;
  const limits = deps.limits ?? DEFAULT_FETCH_LIMITS;
  const maxBytes = await deps.maxUploadBytes();
  const stopped = new AbortController();
  const download = AbortSignal.any([signal, stopped.signal]);
  const progress = new ProgressWriter<ScanProgress>(
    // A scan no longer busy (aborted or removed meanwhile) stops its download.
    async (p) => {
      if (!(await deps.fetches.setProgress(scanId, p))) stopped.abort();
    },
    deps.progressIntervalMs ?? 1000,
    (error) => deps.log.warn({ err: error, scanId }, 'could not record download progress'),
  );
  let stored: { blob: StoredBlob; filename: string };
  try {
    const response = await outboundRequest({
      url: pending.url,
      headers: pending.headers,
      allowed: await deps.allowedNetworks(),
      maxBytes,
      ...limits,
      signal: download,
      onBytes: (done, total) => progress.push({ stage: 'downloading file', done, total }),
    });
    stored = await store(deps.blobs, response, maxBytes, download);
    await progress.flush();
  } catch (error) {
    await progress.flush();
    if (signal.aborted) throw error;
    if (stopped.signal.aborted) return;
    await deps.fetches.fail(scanId, failureMessage(error, deps.log, scanId));
    return;
  }
  const { blob, filename } = stored;
  if (!(await deps.fetches.complete(scanId, { filename, size: blob.size, sha1: blob.sha1, sha256: blob.sha256, blobKey: blob.key }))) {
    // The scan went (aborted, removed) while the last bytes came: its file goes too, unless another scan has the same bytes.
    if (!(await deps.fetches.blobInUse(blob.key))) await deps.blobs.delete(blob.key);
    return;
  }
  deps.log.info({ scanId, size: blob.size }, 'fetched file stored');
  try {
    await deps.queue.enqueue(SCAN_QUEUE, { scanId, ...(options.deleteBinary ? { deleteBinary: true } : {}), ...(options.callback ? { callback: options.callback } : {}) } satisfies ScanJobData);
  } catch (error) {
    deps.log.warn({ err: error, scanId }, 'could not queue the fetched scan');
    // complete() ended the download; the scan is still busy and must not stay so.
    await deps.fetches.fail(scanId, 'The scan could not be queued. Please request the fetch again.');
  }
}

async function store(blobs: BlobStore, response: OutboundResponse, maxBytes: number, signal: AbortSignal): Promise<{ blob: StoredBlob; filename: string }> {
  if (response.status < 200 || response.status > 299) {
    response.body.resume();
    throw new OutboundFailedError(`The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  try {
    const blob = await blobs.put(response.body, { maxBytes, signal });
    return { blob, filename: filenameOf(response) };
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw new OutboundTooLargeError(maxBytes);
    throw error;
  }
}

/** Content-Disposition's filename when given (`attachment; filename="fw.bin"`), else the URL's last path segment. */
function filenameOf(response: OutboundResponse): string {
  const disposition = response.headers['content-disposition'] ?? '';
  // filename="fw 1.bin" or filename=fw.bin; filename* (RFC 5987) is not read.
  const match = /filename="([^"]+)"|filename=([^;\s]+)/i.exec(disposition);
  const given = safeFileName(match?.[1] ?? match?.[2] ?? '');
  return given || nameFromUrl(new URL(response.url));
}

function failureMessage(error: unknown, log: FastifyBaseLogger, scanId: number): string {
  if (error instanceof OutboundTooLargeError) return `The file could not be fetched: it is larger than the upload limit of ${error.maxBytes} bytes.`;
  if (error instanceof OutboundRefusedError || error instanceof OutboundFailedError) return `The file could not be fetched: ${error.message}`;
  const errorId = newErrorId();
  log.warn({ err: error, scanId, errorId }, 'fetch failed');
  return `The file could not be fetched: the download stopped with an error. Error ID: ${errorId}`;
}

/** The fetch queues, made with the others at start (jobs/queues.ts). */
export async function createFetchQueues(boss: PgBoss, existing: ReadonlySet<string>): Promise<void> {
  if (!existing.has(FETCH_DEAD_QUEUE)) await boss.createQueue(FETCH_DEAD_QUEUE, { retryLimit: 3 });
  // One retry covers a process that died mid-download; the dead letter then fails the scan.
  if (!existing.has(FETCH_QUEUE)) await boss.createQueue(FETCH_QUEUE, { retryLimit: 1, retryDelay: 0, expireInSeconds: 3600, deadLetter: FETCH_DEAD_QUEUE });
}

export type FetchWorkersOptions = Omit<FetchJobDeps, 'log'> & { concurrency?: number };

/** Starts this process's download workers on the app's queue. */
export async function startFetchWorkers(app: Pick<FastifyInstance, 'boss' | 'log'>, options: FetchWorkersOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startFetchWorkers needs an app built with the queue enabled');
  const { concurrency, ...rest } = options;
  const deps: FetchJobDeps = { ...rest, log: app.log };
  for (let i = 0; i < (concurrency ?? 2); i += 1) {
    const workerId = await boss.work<FetchJobData>(FETCH_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await runFetchJob(deps, job.data.scanId, job.signal, { deleteBinary: job.data.deleteBinary, callback: job.data.callback });
    });
    options.queue.wakeOnSend(FETCH_QUEUE, workerId);
  }
  await boss.work<FetchJobData>(FETCH_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) await deps.fetches.fail(job.data.scanId, 'The download stopped unexpectedly (the worker was interrupted). Please request the fetch again.');
  });
}
