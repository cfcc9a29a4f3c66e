import type { KnowledgeBase } from '@binlens/vulndb';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CustomPattern, Limits } from '@binlens/engine';
import type { BlobStore } from '../blobs/blob-store.ts';
import { isBusyScan, type ScanProgress } from '../db/schema/index.ts';
import type { Engine } from '../engine/engine.ts';
import { newErrorId } from '../lib/errors.ts';
import type { ScanJobRepository } from '../modules/scans/job-repository.ts';
import type { ScanLogRepository } from '../modules/scans/scan-log-repository.ts';
import type { ScanLogLevel } from '../db/schema/index.ts';
import { ProgressWriter } from './progress-writer.ts';
import { watchForAbort } from './scan-abort-watch.ts';
import type { AdjustmentsSource } from '../modules/scans/evaluation.ts';
import { reevaluateScan } from './reevaluate.ts';
import { type QueueHandle, SCAN_ATTEMPTS, SCAN_DEAD_QUEUE, SCAN_QUEUE, type ScanJobData } from './queues.ts';
import { failOrphanedJobs } from './orphaned-jobs.ts';
import { ScanProgressTracker } from './scan-progress.ts';
import { importedFile, readIfPortableScan } from './scan-import.ts';
import { announceScanEnd } from './webhook.ts';

/** Spec §4 busy codes: a scan in any of them may be (re)started by its job. */

export interface ScanJobDeps {
  scans: ScanJobRepository;
  /** The scan's own log (GET /rest/scans/{id}/scan-log). */
  scanLog: Pick<ScanLogRepository, 'append'>;
  /** Who runs the scan, as the scan log names it; `host:pid` of this process by default. */
  workerName?: string;
  /** The clock of progress times and estimates (tests); Date.now by default. */
  now?: () => number;
  /** Evaluates a finished scan so its vulnerability counts are there when it turns ready. */
  knowledgeBase?: KnowledgeBase;
  /** The adjustments that reach the scan, applied by that evaluation (with knowledgeBase). */
  adjustments?: AdjustmentsSource;
  /** The account's enabled custom patterns, read as each scan starts (modules/custom-patterns); none when absent. */
  customPatterns?: () => Promise<CustomPattern[]>;
  blobs: BlobStore;
  engine: Pick<Engine, 'scan'>;
  log: FastifyBaseLogger;
  progressIntervalMs?: number;
  /** Where the engine makes each scan's work directory; the system's temp dir when absent. */
  tempDir?: string;
  /** How often a running scan's status is read to notice an abort; 1000 ms by default. */
  abortPollMs?: number;
  /** Test hook (BINLENS_TEST_SCAN_DELAY_MS): wait this long before the engine starts. */
  startDelayMs?: number;
  /** Extraction limits of every scan, over the engine's defaults (BINLENS_SCAN_LIMITS). */
  limits?: Partial<Limits>;
}

/**
 * How often the progress of a scan whose engine is quiet is recomputed (the time left moves on).
 * A stage of a few seconds would otherwise end before its first estimate (one needs 2 s of it);
 * the writer still stores at most one record a second.
 */
const PROGRESS_REFRESH_MS = 1000;

/** Longest engine reason kept in a scan's error; the log has the rest under the error id. */
const MAX_REASON_LENGTH = 200;

type Phase = 'read' | 'import' | 'patterns' | 'scan' | 'store';

/**
 * Runs the engine on the scan's blob and records the outcome: R with the Identification,
 * or F with a short reason and an error id (the log holds the details under that id).
 * Throws only when aborted (shutdown), so pg-boss retries the job and, past its retries,
 * the dead letter marks the scan failed.
 */
/** Which attempt of the scan's job this is (pg-boss retries a job whose worker was lost). */
export interface ScanAttempt {
  number: number;
  of: number;
}

export function workerName(): string {
  return `${hostname()}:${process.pid}`;
}

export async function runScanJob(deps: ScanJobDeps, scanId: number, signal: AbortSignal, attempt: ScanAttempt = { number: 1, of: SCAN_ATTEMPTS }): Promise<void> {
  const scan = await deps.scans.load(scanId);
  if (!scan || !isBusyScan(scan.status)) return;
  await deps.scans.markStarted(scanId);
  const worker = deps.workerName ?? workerName();
  const note = (level: ScanLogLevel, message: string) => appendLog(deps, scanId, level, message);
  await note(
    attempt.number > 1 ? 'warning' : 'info',
    attempt.number > 1 ? `Started again on worker ${worker} (attempt ${attempt.number} of ${attempt.of}): the previous attempt stopped` : `Started on worker ${worker}`,
  );
  // Once the scan's own log holds the start: a worker killed at any point after this line
  // leaves the attempt on record.
  deps.log.info({ scanId, worker, attempt: attempt.number }, 'scan started');
  const progress = new ProgressWriter<ScanProgress>(
    (p) => deps.scans.setProgress(scanId, p),
    deps.progressIntervalMs ?? 1000,
    (error) => deps.log.warn({ err: error, scanId }, 'could not record scan progress'),
  );
  const tracker = new ScanProgressTracker(deps.now);
  // A long file sends no event for a while: the stored estimate is brought up to date meanwhile.
  const refresher = setInterval(() => {
    const record = tracker.refresh();
    if (record) progress.push(record);
  }, PROGRESS_REFRESH_MS);
  refresher.unref();
  // Each scanner process begun is one line of the scan log, written in order, never awaited by the engine.
  let logged: Promise<void> = Promise.resolve();
  let phase: Phase = 'read';
  // POST scans/{id}/abort/ fails the scan in the database; the watch sees it and stops the engine.
  const aborted = watchForAbort(() => deps.scans.load(scanId), deps.abortPollMs);
  const engineSignal = AbortSignal.any([signal, aborted.signal]);
  try {
    const file = await deps.blobs.localPath(scan.blobKey);
    phase = 'scan';
    if (deps.startDelayMs) await delay(deps.startDelayMs, undefined, { signal: engineSignal });
    phase = 'import';
    // A portable scan file (.bdba) is imported as the scan it holds; the engine does not run.
    const imported = await readIfPortableScan(file, engineSignal);
    phase = 'patterns';
    const customPatterns = imported ? [] : ((await deps.customPatterns?.()) ?? []);
    if (customPatterns.length > 0) await note('info', `Custom patterns searched for: ${customPatterns.map((pattern) => pattern.id).join(', ')}`);
    phase = 'scan';
    // The blob's path is its hash; people know the file by the name they uploaded.
    const options = {
      signal: engineSignal,
      name: scan.filename,
      ...(deps.tempDir ? { tempDir: deps.tempDir } : {}),
      ...(deps.limits ? { limits: deps.limits } : {}),
      ...(customPatterns.length > 0 ? { infoleak: { customPatterns } } : {}),
    };
    const identification = imported ? imported.identification : await deps.engine.scan(file, options, (event) => {
      const before = tracker.current;
      const record = tracker.update(event);
      if (tracker.current !== before) logged = logged.then(() => note('info', `Scanner process: ${record.stage}`));
      progress.push(record);
    });
    aborted.stop();
    clearInterval(refresher);
    await progress.flush();
    await logged;
    phase = 'store';
    // Logged before the status turns R: whoever sees the ready scan then reads this line too. A
    // failure to store follows it in the log with its own reason.
    if (imported) await note('info', `Imported from a portable scan file exported at ${imported.exportedAt}`);
    await note('info', `Finished: ready; ${count(identification.components.length, 'component')} in ${count(identification.files.length, 'file')}`);
    await deps.scans.markReady(scanId, identification, imported && importedFile(imported));
  } catch (error) {
    clearInterval(refresher);
    await progress.flush();
    await logged;
    aborted.stop();
    if (aborted.signal.aborted && !signal.aborted) {
      await note('warning', `Aborted: the engine on worker ${worker} was stopped`);
      return;
    }
    if (signal.aborted) {
      await note('warning', `Stopped on worker ${worker} (the worker is shutting down); the scan will be retried`);
      throw error;
    }
    const errorId = newErrorId();
    deps.log.warn({ err: error, scanId, errorId, phase }, 'scan failed');
    const message = failureMessage(phase, error, errorId);
    await deps.scans.markFailedIfBusy(scanId, message);
    await note('error', message);
    return;
  } finally {
    clearInterval(refresher);
    await deps.blobs.releaseLocalPath(scan.blobKey).catch((error: unknown) => deps.log.warn({ err: error, scanId }, 'could not remove the local copy of the blob'));
  }
  if (deps.knowledgeBase && deps.adjustments) {
    try {
      await reevaluateScan({ scans: deps.scans, knowledgeBase: deps.knowledgeBase, adjustments: deps.adjustments, log: deps.log }, scanId);
    } catch (error) {
      // The result stands; its counts come with the next re-evaluation.
      deps.log.warn({ err: error, scanId }, 'could not evaluate the finished scan');
    }
  }
}

/** "1 file", "3 files". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The scan log is an aid: a line that cannot be written never fails the scan. */
async function appendLog(deps: Pick<ScanJobDeps, 'scanLog' | 'log'>, scanId: number, level: ScanLogLevel, message: string): Promise<void> {
  try {
    await deps.scanLog.append(scanId, level, message);
  } catch (error) {
    deps.log.warn({ err: error, scanId }, 'could not write the scan log');
  }
}

/** What a scan whose job failed every attempt (worker killed, lost heartbeat, expiry) says. */
export const DEAD_SCAN_MESSAGE = `The scan stopped ${SCAN_ATTEMPTS} times (worker lost); giving up. Upload the file again or rescan to retry.`;

export async function markDeadScan(deps: Pick<ScanJobDeps, 'scans' | 'scanLog' | 'log'>, scanId: number): Promise<void> {
  const scan = await deps.scans.load(scanId);
  if (!scan || !isBusyScan(scan.status)) return;
  await deps.scans.markFailedIfBusy(scanId, DEAD_SCAN_MESSAGE);
  await appendLog(deps, scanId, 'error', DEAD_SCAN_MESSAGE);
}

/**
 * Delete-Binary (public API uploads): once the scan has finished, its file goes, as DELETE
 * scans/{id}/binary/ would remove it. A failure is logged and leaves the file: the result stands.
 */
export async function removeBinaryAfterScan(deps: Pick<ScanJobDeps, 'scans' | 'scanLog' | 'blobs' | 'log'>, scanId: number): Promise<void> {
  try {
    const blobKey = await deps.scans.markBinaryRemovedAfterScan?.(scanId, new Date());
    if (blobKey === undefined) return;
    if (!(await deps.scans.blobInUse?.(blobKey) ?? true)) await deps.blobs.delete(blobKey);
    await appendLog(deps, scanId, 'info', 'File removed after the scan, as the upload asked (Delete-Binary)');
  } catch (error) {
    deps.log.warn({ err: error, scanId }, 'could not remove the file after the scan');
  }
}

/** The job's dependencies from the composition root (composition.ts) and start.ts, less the app's logger. */
export interface ScanWorkersOptions extends Omit<ScanJobDeps, 'log' | 'progressIntervalMs'> {
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
  customPatterns: () => Promise<CustomPattern[]>;
  /** The composition's queue: an upload wakes this process's workers at once. */
  queue: Pick<QueueHandle, 'wakeOnSend' | 'scanHeartbeat'>;
  /** Scans run at once by this process (BINLENS_SCAN_CONCURRENCY); 0: none, dedicated `binlens worker` processes run them. */
  concurrency?: number;
}

/**
 * Starts this process's scan workers on the app's queue. On PGlite this process is the only
 * one on the queue, so a scan job still active at start belonged to a process that died
 * (kill -9, power loss): it is failed at once, which retries it now rather than when its
 * heartbeat would have expired, and dead-letters it (scan F) when it had no retry left.
 */
export async function startScanWorkers(app: Pick<FastifyInstance, 'boss' | 'database' | 'log'>, deps: ScanWorkersOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startScanWorkers needs an app built with the queue enabled');
  const { concurrency, queue, ...rest } = deps;
  const jobDeps: ScanJobDeps = { ...rest, log: app.log };
  if (app.database.kind === 'pglite') {
    const orphans = await failOrphanedJobs(boss, SCAN_QUEUE);
    if (orphans.length > 0) app.log.warn({ jobs: orphans }, 'scan jobs of a process that ended were failed for retry');
  }
  // One worker per concurrent scan, each woken by an upload (pg-boss wakes a worker by its id).
  for (let i = 0; i < (concurrency ?? 2); i += 1) {
    const workerId = await boss.work<ScanJobData>(SCAN_QUEUE, { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: queue.scanHeartbeat.refreshSeconds }, async (jobs) => {
      for (const job of jobs) {
        await runScanJob(jobDeps, job.data.scanId, job.signal, { number: job.retryCount + 1, of: SCAN_ATTEMPTS });
        if (job.data.deleteBinary) await removeBinaryAfterScan(jobDeps, job.data.scanId);
        await announceScanEnd(boss, job.data.scanId, app.log, job.data.callback);
      }
    });
    queue.wakeOnSend(SCAN_QUEUE, workerId);
  }
  // Every process on the queue fails the scans whose jobs died, so it happens with no scan worker too.
  await boss.work<ScanJobData>(SCAN_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) {
      await markDeadScan(jobDeps, job.data.scanId);
      await announceScanEnd(boss, job.data.scanId, app.log, job.data.callback);
    }
  });
}

/**
 * What the scan's error says: a short reason and the error id, never the database's message
 * (its SQL and parameters): `The scan failed: its result could not be stored. Error ID: 3f9a0c1b2d4e`.
 * Only the engine's own reasons ("the scan needed more memory than a scan may use") are shown.
 */
export function failureMessage(phase: Phase, error: unknown, errorId: string): string {
  const reason =
    phase === 'read' ? 'the uploaded file is missing from the store'
    : phase === 'import' ? `the portable scan file cannot be imported: ${engineReason(error)}`
    : phase === 'patterns' ? 'the custom patterns could not be read'
    : phase === 'store' ? 'its result could not be stored'
    : engineReason(error);
  return `The scan failed: ${reason}. Error ID: ${errorId}`;
}

function engineReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = (message.split('\n', 1)[0] ?? '').trim().replace(/\.$/, '');
  if (!firstLine) return 'the engine stopped with an error';
  return firstLine.length > MAX_REASON_LENGTH ? `${firstLine.slice(0, MAX_REASON_LENGTH)}…` : firstLine;
}
