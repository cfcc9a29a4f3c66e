import { type ImportReport, type KbDatabase, syncKnowledgeBase } from '@binlens/vulndb';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { requestReevaluation } from './reevaluate.ts';

/** Refreshes the knowledge base from the official feeds (BINLENS_KB_SYNC=1). */
export const KB_SYNC_QUEUE = 'kb-sync';
/** Daily at 03:17 UTC: off the hour, when the feeds have published the day's data. */
export const KB_SYNC_CRON = '17 3 * * *';

export type SyncFunction = (db: KbDatabase, options: { signal?: AbortSignal; onReport?: (report: ImportReport) => void }) => Promise<ImportReport[]>;

export interface KbSyncDeps {
  db: KbDatabase;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  sync?: SyncFunction;
  /** Called when an import changed the knowledge base: stored scans are re-evaluated. */
  onChanged?: () => Promise<void>;
}

/**
 * One sync against the server database. Results are evaluated at read time; the stored
 * per-scan counts are refreshed by the re-evaluation job this asks for when an import
 * completed. Never throws: a failed sync is logged and the previous knowledge base stays
 * live (imports swap their data in only when complete).
 */
export async function runKbSync(deps: KbSyncDeps, signal?: AbortSignal): Promise<void> {
  const sync = deps.sync ?? syncKnowledgeBase;
  deps.log.info('knowledge-base sync started');
  try {
    const reports = await sync(deps.db, {
      ...(signal ? { signal } : {}),
      onReport: (report) => {
        const { source, origin, status, records, imported, skipped, error } = report;
        if (status === 'complete') deps.log.info({ source, origin, records, imported, skipped }, 'knowledge-base import finished');
        else deps.log.warn({ source, origin, status, error }, 'knowledge-base import failed; its previous data stays in use');
      },
    });
    deps.log.info({ imports: reports.length }, 'knowledge-base sync finished');
    if (reports.some((r) => r.status === 'complete')) await deps.onChanged?.();
  } catch (error) {
    deps.log.error({ err: error }, 'knowledge-base sync failed; the previous knowledge base stays in use');
  }
}

/**
 * Enabled: creates the queue, schedules it daily and starts its worker. Disabled: removes a
 * schedule left by an earlier run, so no jobs pile up without a worker.
 */
export async function startKbSync(app: Pick<FastifyInstance, 'boss' | 'db' | 'log'>, options: { enabled: boolean; sync?: SyncFunction }): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startKbSync needs an app built with the queue enabled');
  const queue = await boss.getQueue(KB_SYNC_QUEUE);
  if (!options.enabled) {
    if (queue) await boss.unschedule(KB_SYNC_QUEUE);
    return;
  }
  if (!queue) {
    // One sync at a time; a full NVD download without an API key takes hours. No retries:
    // tomorrow's run resumes where this one stopped.
    await boss.createQueue(KB_SYNC_QUEUE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 23 * 3600, heartbeatSeconds: 120 });
  }
  await boss.schedule(KB_SYNC_QUEUE, KB_SYNC_CRON, null, { tz: 'UTC' });
  const deps: KbSyncDeps = { db: app.db, log: app.log, onChanged: () => requestReevaluation(boss), ...(options.sync ? { sync: options.sync } : {}) };
  await boss.work(KB_SYNC_QUEUE, { pollingIntervalSeconds: 60 }, async (jobs) => {
    for (const job of jobs) await runKbSync(deps, job.signal);
  });
}
