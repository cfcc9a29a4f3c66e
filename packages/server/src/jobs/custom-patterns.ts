// The search of a stored scan for the account's custom patterns (POST scans/{id}/custom-patterns/apply/):
// the scan's file is unpacked again with the limits it was scanned with and searched for the
// patterns alone (engine scanLeaks, in a worker thread); the findings replace the scan's earlier
// custom-pattern findings. Each search is told in the scan's own log.
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';
import { isPortableScanHead, PORTABLE_SCAN_HEAD_BYTES } from '@binlens/engine';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { ScanLogLevel } from '../db/schema/index.ts';
import type { LeakScanner } from '../engine/engine.ts';
import { CUSTOM_PATTERN_QUEUE, type CustomPatternJobData, type CustomPatternJobOutput, SEARCH_FAILURE } from '../lib/custom-pattern-queue.ts';
import { newErrorId } from '../lib/errors.ts';
import type { CustomPatternScansRepository } from '../modules/custom-patterns/scan-repository.ts';
import type { ScanLogRepository } from '../modules/scans/scan-log-repository.ts';
import type { QueueHandle } from './queues.ts';

export interface CustomPatternJobDeps {
  scans: CustomPatternScansRepository;
  scanLog: Pick<ScanLogRepository, 'append'>;
  blobs: BlobStore;
  scanLeaks: LeakScanner;
  log: FastifyBaseLogger;
  /** Where the engine makes its work directory; the system's temp dir when absent. */
  tempDir?: string;
}

/** A reason the search ended that the user is shown as it is (its run's `error`). */
class SearchFailure extends Error {
  override name = SEARCH_FAILURE;
}

/**
 * Searches the scan and stores the findings; the number stored. Throws a SearchFailure with a
 * reason to show when it cannot (the scan changed, its file went, a damaged file), and the
 * signal's reason when the worker is stopping.
 */
export async function runCustomPatternJob(deps: CustomPatternJobDeps, data: CustomPatternJobData, signal: AbortSignal): Promise<CustomPatternJobOutput> {
  const { scanId } = data;
  const note = (level: ScanLogLevel, message: string) => appendLog(deps, scanId, level, message);
  const scan = await deps.scans.find(scanId);
  if (!scan) throw new SearchFailure('The scan was removed.');
  if (scan.binaryRemovedAt !== null) throw new SearchFailure("The scan's file was removed.");
  const settings = await deps.scans.searchSettings(scanId);
  if (!settings) throw new SearchFailure('The scan is no longer ready: it is being scanned again, or failed.');
  await note('info', `Scanner process: custom pattern search on worker ${hostname()}:${process.pid}`);
  const patterns = data.patterns.map((pattern) => ({ id: String(pattern.id), pattern: pattern.pattern }));
  try {
    const file = await deps.blobs.localPath(scan.blobKey);
    try {
      if (isPortableScanHead(await head(file))) {
        throw new SearchFailure('The scan was imported from a portable scan file: the file it analysed is not stored.');
      }
      const found = await deps.scanLeaks(file, { customPatterns: patterns, signal, name: settings.inputName, limits: settings.limits, ...(deps.tempDir ? { tempDir: deps.tempDir } : {}) });
      if (!(await deps.scans.replaceCustomFindings(scanId, found.infoleaks, found.customPatterns))) {
        throw new SearchFailure('The scan is no longer ready: it is being scanned again, or failed.');
      }
      await note('info', `Custom pattern search finished: ${count(found.infoleaks.length, 'finding')} of ${count(patterns.length, 'pattern')}`);
      return { findings: found.infoleaks.length };
    } finally {
      await deps.blobs.releaseLocalPath(scan.blobKey).catch((error: unknown) => deps.log.warn({ err: error, scanId }, 'could not remove the local copy of the blob'));
    }
  } catch (error) {
    if (signal.aborted) {
      await note('warning', 'Custom pattern search stopped: the worker is shutting down. Apply the patterns again.');
      throw error;
    }
    if (error instanceof SearchFailure) {
      await note('error', `Custom pattern search failed: ${error.message}`);
      throw error;
    }
    // The engine's or the database's own message stays in the server's log, under the error id.
    const errorId = newErrorId();
    deps.log.warn({ err: error, scanId, errorId }, 'custom pattern search failed');
    const failure = new SearchFailure(`The search failed. Error ID: ${errorId}`);
    await note('error', `Custom pattern search failed. Error ID: ${errorId}`);
    throw failure;
  }
}

/** A search runs alone; one of a process that ended is given up (its run says so), never retried. */
const QUEUE_OPTIONS = { retryLimit: 0, heartbeatSeconds: 60, expireInSeconds: 6 * 3600 };

export async function createCustomPatternQueue(boss: PgBoss, existing: ReadonlySet<string>): Promise<void> {
  if (!existing.has(CUSTOM_PATTERN_QUEUE)) await boss.createQueue(CUSTOM_PATTERN_QUEUE, QUEUE_OPTIONS);
}

export interface CustomPatternWorkersOptions extends Omit<CustomPatternJobDeps, 'log'> {
  /** The composition's queue: a request wakes this process's worker at once. */
  queue: Pick<QueueHandle, 'wakeOnSend'>;
}

/** One search at a time per process: each is a whole unpack of a stored file. */
export async function startCustomPatternWorkers(app: Pick<FastifyInstance, 'boss' | 'log'>, options: CustomPatternWorkersOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startCustomPatternWorkers needs an app built with the queue enabled');
  const { queue, ...rest } = options;
  const deps: CustomPatternJobDeps = { ...rest, log: app.log };
  const workerId = await boss.work<CustomPatternJobData>(CUSTOM_PATTERN_QUEUE, { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: 15 }, async ([job]) => {
    if (!job) throw new Error('pg-boss called the worker without a job');
    return runCustomPatternJob(deps, job.data, job.signal);
  });
  queue.wakeOnSend(CUSTOM_PATTERN_QUEUE, workerId);
}

/** The scan log is an aid: a line that cannot be written never fails the search. */
async function appendLog(deps: Pick<CustomPatternJobDeps, 'scanLog' | 'log'>, scanId: number, level: ScanLogLevel, message: string): Promise<void> {
  try {
    await deps.scanLog.append(scanId, level, message);
  } catch (error) {
    deps.log.warn({ err: error, scanId }, 'could not write the scan log');
  }
}

/** The file's first bytes, where a portable scan file says what it is. */
async function head(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(PORTABLE_SCAN_HEAD_BYTES);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
