import { type KnowledgeBase, createKnowledgeBase } from '@binlens/vulndb';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Engine } from '../engine/engine.ts';
import { createScanJobRepository, type ScanJobRepository } from '../modules/scans/job-repository.ts';
import { ProgressWriter } from './progress-writer.ts';
import { reevaluateScan } from './reevaluate.ts';
import { SCAN_DEAD_QUEUE, SCAN_QUEUE, type ScanJobData } from './queues.ts';

export interface ScanJobDeps {
  scans: ScanJobRepository;
  /** Evaluates a finished scan so its vulnerability counts are there when it turns ready. */
  knowledgeBase?: KnowledgeBase;
  blobs: BlobStore;
  engine: Pick<Engine, 'scan'>;
  log: FastifyBaseLogger;
  progressIntervalMs?: number;
}

const MAX_ERROR_LENGTH = 2000;

/**
 * Runs the engine on the scan's blob and records the outcome: R with the Identification,
 * or F with a readable error. Throws only when aborted (shutdown), so pg-boss retries
 * the job and, past its retries, the dead letter marks the scan failed.
 */
export async function runScanJob(deps: ScanJobDeps, scanId: number, signal: AbortSignal): Promise<void> {
  const scan = await deps.scans.load(scanId);
  if (!scan || scan.status !== 'B') return;
  await deps.scans.markStarted(scanId);
  const progress = new ProgressWriter(
    (p) => deps.scans.setProgress(scanId, p),
    deps.progressIntervalMs ?? 1000,
    (error) => deps.log.warn({ err: error, scanId }, 'could not record scan progress'),
  );
  try {
    const file = await deps.blobs.localPath(scan.blobKey);
    // The blob's path is its hash; people know the file by the name they uploaded.
    const identification = await deps.engine.scan(file, { signal, name: scan.filename }, (p) => progress.push(p));
    await progress.flush();
    await deps.scans.markReady(scanId, identification);
  } catch (error) {
    await progress.flush();
    if (signal.aborted) throw error;
    deps.log.warn({ err: error, scanId }, 'scan failed');
    await deps.scans.markFailedIfBusy(scanId, failureMessage(error));
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

/** Starts this process's scan workers on the app's queue. */
export async function startScanWorkers(app: FastifyInstance, deps: { blobs: BlobStore; engine: Pick<Engine, 'scan'>; concurrency?: number }): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startScanWorkers needs an app built with the queue enabled');
  const scans = createScanJobRepository(app.db);
  const jobDeps: ScanJobDeps = { scans, blobs: deps.blobs, engine: deps.engine, log: app.log, knowledgeBase: createKnowledgeBase(app.db) };
  await boss.work<ScanJobData>(SCAN_QUEUE, { localConcurrency: deps.concurrency ?? 2, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runScanJob(jobDeps, job.data.scanId, job.signal);
  });
  await boss.work<ScanJobData>(SCAN_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) await markDeadScan(scans, job.data.scanId);
  });
}

function failureMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The scan failed: ${reason}`.slice(0, MAX_ERROR_LENGTH);
}
