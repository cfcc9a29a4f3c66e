// Re-evaluation: when the knowledge base changes, every ready scan's stored vulnerability
// counts are recomputed from its stored Identification. Nothing is rescanned: evaluation
// is a pure function of (Identification, knowledge base), so only its summary is kept.
import type { KnowledgeBase } from '@binlens/vulndb';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { QueueHandle } from './queues.ts';
import type { ScanJobRepository } from '../modules/scans/job-repository.ts';
import { type AdjustmentsSource, evaluateStoredScan, type StoredScanJobs } from '../modules/scans/evaluation.ts';

export const REEVALUATE_QUEUE = 'reevaluate';
/** Scans evaluated per database round trip; each evaluation is a handful of queries. */
const BATCH = 20;

export interface ReevaluateDeps {
  scans: Pick<ScanJobRepository, 'staleScanIds' | 'knowledgeBaseChangedAt'> & StoredScanJobs;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Evaluates one scan now and stores its counts; a scan gone or not ready is skipped. */
export async function reevaluateScan(deps: ReevaluateDeps, scanId: number): Promise<boolean> {
  return (await evaluateStoredScan(deps, scanId)) !== null;
}

/**
 * Brings every ready scan up to date with the knowledge base: those never evaluated or
 * evaluated before the last completed import, in id order, in batches. Idempotent, so a
 * request dropped because one is already waiting loses nothing. A scan that fails is
 * logged and stays stale for the next run.
 */
export async function reevaluateStale(deps: ReevaluateDeps, signal?: AbortSignal): Promise<number> {
  const changedAt = await deps.scans.knowledgeBaseChangedAt();
  let done = 0;
  let after = 0;
  for (;;) {
    const ids = await deps.scans.staleScanIds(after, BATCH, changedAt);
    if (ids.length === 0) break;
    for (const id of ids) {
      if (signal?.aborted) return done;
      try {
        if (await reevaluateScan(deps, id)) done += 1;
      } catch (error) {
        deps.log.warn({ err: error, scanId: id }, 'could not re-evaluate scan');
      }
    }
    after = ids[ids.length - 1] ?? after;
  }
  if (done > 0) deps.log.info({ scans: done }, 'stored scans re-evaluated against the knowledge base');
  return done;
}

/** Asks for a re-evaluation; while one runs, at most one more waits (pg-boss `stately`). This process's worker starts it at once. */
export function requestReevaluation(queue: Pick<QueueHandle, 'request'>): Promise<void> {
  return queue.request(REEVALUATE_QUEUE);
}

/** Creates the queue, starts its worker and asks for a run (scans left stale by an upgrade or a stop). */
export async function startReevaluation(
  app: Pick<FastifyInstance, 'boss' | 'log'>,
  from: Pick<ReevaluateDeps, 'scans' | 'knowledgeBase' | 'adjustments'> & { queue: Pick<QueueHandle, 'request' | 'wakeOnSend'> },
): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startReevaluation needs an app built with the queue enabled');
  if (!(await boss.getQueue(REEVALUATE_QUEUE))) await boss.createQueue(REEVALUATE_QUEUE, { policy: 'stately', retryLimit: 1, expireInSeconds: 6 * 3600 });
  const deps: ReevaluateDeps = { scans: from.scans, knowledgeBase: from.knowledgeBase, adjustments: from.adjustments, log: app.log };
  const workerId = await boss.work(REEVALUATE_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await reevaluateStale(deps, job.signal);
  });
  from.queue.wakeOnSend(REEVALUATE_QUEUE, workerId);
  await requestReevaluation(from.queue);
}
