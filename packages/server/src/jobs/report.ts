// Reports made in the background (POST /rest/reports/): the job hands the report to its service,
// which makes it as its owner and records the outcome on the report itself.
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { REPORT_DEAD_QUEUE, REPORT_QUEUE, type ReportJobData } from '../lib/report-queue.ts';
import type { ReportJobsService } from '../modules/reports/jobs-service.ts';
import { failOrphanedJobs } from './orphaned-jobs.ts';
import type { QueueHandle } from './queues.ts';

/**
 * A report whose process ended is not retried (it is asked for again): its job goes to the
 * dead-letter queue, whose worker fails the report with a reason instead of leaving it running.
 */
const QUEUE_OPTIONS = { retryLimit: 0, heartbeatSeconds: 60, expireInSeconds: 3600, deadLetter: REPORT_DEAD_QUEUE };

export async function createReportQueue(boss: PgBoss, existing: ReadonlySet<string>): Promise<void> {
  if (!existing.has(REPORT_DEAD_QUEUE)) await boss.createQueue(REPORT_DEAD_QUEUE, { retryLimit: 3 });
  if (!existing.has(REPORT_QUEUE)) await boss.createQueue(REPORT_QUEUE, QUEUE_OPTIONS);
  // A queue made by an earlier version gets its dead-letter queue.
  else await boss.updateQueue(REPORT_QUEUE, QUEUE_OPTIONS);
}

export interface ReportWorkersOptions {
  reports: Pick<ReportJobsService, 'make' | 'abandon'>;
  /** The composition's queue: a request wakes this process's worker at once. */
  queue: Pick<QueueHandle, 'wakeOnSend'>;
}

/**
 * One report at a time per process: a PDF of a large scan takes a while and much memory. On
 * PGlite this process alone runs the queue, so a report job still active at start belonged to a
 * process that ended: it is failed at once (and so dead-lettered) rather than at its heartbeat.
 */
export async function startReportWorkers(app: Pick<FastifyInstance, 'boss' | 'database' | 'log'>, options: ReportWorkersOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startReportWorkers needs an app built with the queue enabled');
  if (app.database.kind === 'pglite') await failOrphanedJobs(boss, REPORT_QUEUE);
  await boss.work<ReportJobData>(REPORT_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async (jobs) => {
    for (const job of jobs) await options.reports.abandon(job.data);
  });
  const workerId = await boss.work<ReportJobData>(REPORT_QUEUE, { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: 15 }, async ([job]) => {
    if (!job) throw new Error('pg-boss called the worker without a job');
    await options.reports.make(job.data, app.log);
  });
  options.queue.wakeOnSend(REPORT_QUEUE, workerId);
}
