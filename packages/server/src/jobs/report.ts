// Reports made in the background (POST /rest/reports/): the job hands the report to its service,
// which makes it as its owner and records the outcome on the report itself.
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { REPORT_QUEUE, type ReportJobData } from '../lib/report-queue.ts';
import type { ReportJobsService } from '../modules/reports/jobs-service.ts';
import type { QueueHandle } from './queues.ts';

/** A report of a process that ended stays running until the retention sweep: it is asked for again rather than retried. */
const QUEUE_OPTIONS = { retryLimit: 0, heartbeatSeconds: 60, expireInSeconds: 3600 };

export async function createReportQueue(boss: PgBoss, existing: ReadonlySet<string>): Promise<void> {
  if (!existing.has(REPORT_QUEUE)) await boss.createQueue(REPORT_QUEUE, QUEUE_OPTIONS);
}

export interface ReportWorkersOptions {
  reports: Pick<ReportJobsService, 'make'>;
  /** The composition's queue: a request wakes this process's worker at once. */
  queue: Pick<QueueHandle, 'wakeOnSend'>;
}

/** One report at a time per process: a PDF of a large scan takes a while and much memory. */
export async function startReportWorkers(app: Pick<FastifyInstance, 'boss' | 'log'>, options: ReportWorkersOptions): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startReportWorkers needs an app built with the queue enabled');
  const workerId = await boss.work<ReportJobData>(REPORT_QUEUE, { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: 15 }, async ([job]) => {
    if (!job) throw new Error('pg-boss called the worker without a job');
    await options.reports.make(job.data, app.log);
  });
  options.queue.wakeOnSend(REPORT_QUEUE, workerId);
}
