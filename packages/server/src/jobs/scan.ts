import type { KnowledgeBase } from '@binlens/vulndb';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Limits } from '@binlens/engine';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { ScanProgress } from '../db/schema/index.ts';
import type { Engine } from '../engine/engine.ts';
import { newErrorId } from '../lib/errors.ts';
import type { ScanJobRepository } from '../modules/scans/job-repository.ts';
import { ProgressWriter } from './progress-writer.ts';
import { reevaluateScan } from './reevaluate.ts';
import { type QueueHandle, SCAN_DEAD_QUEUE, SCAN_HEARTBEAT_REFRESH_SECONDS, SCAN_QUEUE, type ScanJobData } from './queues.ts';

export interface ScanJobDeps {
  scans: ScanJobRepository;
  /** Evaluates a finished scan so its vulnerability counts are there when it turns ready. */
  knowledgeBase?: KnowledgeBase;
  blobs: BlobStore;
  engine: Pick<Engine, 'scan'>;
  log: FastifyBaseLogger;
  progressIntervalMs?: number;
  /** Where the engine makes each scan's work directory; the system's temp dir when absent. */
  tempDir?: string;
  /** Test hook (BINLENS_TEST_SCAN_DELAY_MS): wait this long before the engine starts. */
  startDelayMs?: number;
  /** Extraction limits of every scan, over the engine's defaults (BINLENS_SCAN_LIMITS). */
  limits?: Partial<Limits>;
}

/** Longest engine reason kept in a scan's error; the log has the rest under the error id. */
const MAX_REASON_LENGTH = 200;

type Phase = 'read' | 'scan' | 'store';

/**
 * Runs the engine on the scan's blob and records the outcome: R with the Identification,
 * or F with a short reason and an error id (the log holds the details under that id).
 * Throws only when aborted (shutdown), so pg-boss retries the job and, past its retries,
 * the dead letter marks the scan failed.
 */
export async function runScanJob(deps: ScanJobDeps, scanId: number, signal: AbortSignal): Promise<void> {
  const scan = await deps.scans.load(scanId);
  if (!scan || scan.status !== 'B') return;
  await deps.scans.markStarted(scanId);
  deps.log.info({ scanId }, 'scan started');
  const progress = new ProgressWriter<ScanProgress>(
    (p) => deps.scans.setProgress(scanId, p),
    deps.progressIntervalMs ?? 1000,
    (error) => deps.log.warn({ err: error, scanId }, 'could not record scan progress'),
  );
  let phase: Phase = 'read';
  try {
    const file = await deps.blobs.localPath(scan.blobKey);
    phase = 'scan';
    if (deps.startDelayMs) await delay(deps.startDelayMs, undefined, { signal });
    // The blob's path is its hash; people know the file by the name they uploaded.
    const options = { signal, name: scan.filename, ...(deps.tempDir ? { tempDir: deps.tempDir } : {}), ...(deps.limits ? { limits: deps.limits } : {}) };
    const identification = await deps.engine.scan(file, options, (p) => progress.push({ stage: p.stage, done: p.done, total: p.total }));
    await progress.flush();
    phase = 'store';
    await deps.scans.markReady(scanId, identification);
  } catch (error) {
    await progress.flush();
    if (signal.aborted) throw error;
    const errorId = newErrorId();
    deps.log.warn({ err: error, scanId, errorId, phase }, 'scan failed');
    await deps.scans.markFailedIfBusy(scanId, failureMessage(phase, error, errorId));
    return;
  }
  if (deps.knowledgeBase) {
    try {
      await reevaluateScan({ scans: deps.scans, knowledgeBase: deps.knowledgeBase, log: deps.log }, scanId);
    } catch (error) {
      // The result stands; its counts come with the next re-evaluation.
      deps.log.warn({ err: error, scanId }, 'could not evaluate the finished scan');
    }
  }
}

export async function markDeadScan(scans: ScanJobRepository, scanId: number): Promise<void> {
  await scans.markFailedIfBusy(scanId, 'The scan stopped unexpectedly (the worker was interrupted or timed out). Upload the file again to retry.');
}

/** The job's dependencies from the composition root (composition.ts) and main.ts, less the app's logger. */
export interface ScanWorkersOptions extends Omit<ScanJobDeps, 'log' | 'progressIntervalMs'> {
  knowledgeBase: KnowledgeBase;
  /** The composition's queue: an upload wakes this process's workers at once. */
  queue: Pick<QueueHandle, 'wakeOnSend'>;
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
    const workerId = await boss.work<ScanJobData>(SCAN_QUEUE, { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: SCAN_HEARTBEAT_REFRESH_SECONDS }, async (jobs) => {
      for (const job of jobs) await runScanJob(jobDeps, job.data.scanId, job.signal);
    });
    queue.wakeOnSend(SCAN_QUEUE, workerId);
  }
  await boss.work<ScanJobData>(SCAN_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) await markDeadScan(deps.scans, job.data.scanId);
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

/** Fails every active job of `queue`; returns their ids. */
async function failOrphanedJobs(boss: PgBoss, queue: string): Promise<string[]> {
  const orphans: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await boss.findJobs(queue, { limit: 1000, ...(after ? { after } : {}) });
    orphans.push(...page.filter((job) => job.state === 'active').map((job) => job.id));
    if (page.length < 1000) break;
    after = page[page.length - 1]?.id;
  }
  if (orphans.length > 0) await boss.fail(queue, orphans, { message: 'the process running the job ended' });
  return orphans;
}
