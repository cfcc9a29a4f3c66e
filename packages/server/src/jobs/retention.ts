// Data retention: once a day a sweep removes the files, and then whole scans, made longer ago
// than the data-retention settings keep them: the group's period where the group sets one, else
// the account's (modules/scans/control-service.ts, modules/group-settings).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ScanControlService } from '../modules/scans/control-service.ts';
import type { ReportJobsService } from '../modules/reports/jobs-service.ts';

export const RETENTION_QUEUE = 'data-retention';
/** Daily at 03:17 UTC, off the hour when other schedules run. */
export const RETENTION_CRON = '17 3 * * *';

export interface RetentionDeps {
  control: Pick<ScanControlService, 'sweepRetention'>;
  /** Reports made in the background, kept REPORT_RETENTION_DAYS (modules/reports/jobs-service.ts). */
  reports?: Pick<ReportJobsService, 'sweep'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** One sweep as of `now`; what it removed is logged (each removal has its audit event). */
export async function runRetention(deps: RetentionDeps, now: Date): Promise<{ binariesRemoved: number[]; scansRemoved: number[] }> {
  const swept = await deps.control.sweepRetention(now);
  if (swept.binariesRemoved.length > 0 || swept.scansRemoved.length > 0) {
    deps.log.info({ binaries: swept.binariesRemoved, scans: swept.scansRemoved }, 'data retention removed expired files and scans');
  }
  const reportsRemoved = (await deps.reports?.sweep(now)) ?? [];
  if (reportsRemoved.length > 0) deps.log.info({ reports: reportsRemoved }, 'data retention removed old reports');
  return swept;
}

/** Creates the queue, starts its worker and schedules the daily sweep (one sweep at a time across processes). */
export async function startRetention(
  app: Pick<FastifyInstance, 'boss' | 'log'>,
  options: { control: Pick<ScanControlService, 'sweepRetention'>; reports?: Pick<ReportJobsService, 'sweep'>; now?: () => Date },
): Promise<void> {
  const boss = app.boss;
  if (!boss) throw new Error('startRetention needs an app built with the queue enabled');
  if (!(await boss.getQueue(RETENTION_QUEUE))) await boss.createQueue(RETENTION_QUEUE, { policy: 'exclusive', retryLimit: 1, expireInSeconds: 3600 });
  const now = options.now ?? (() => new Date());
  await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    await runRetention({ control: options.control, ...(options.reports ? { reports: options.reports } : {}), log: app.log }, now());
  });
  await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: 'UTC' });
}
