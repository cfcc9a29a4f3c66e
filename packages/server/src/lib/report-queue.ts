// The queue of reports made in the background, shared by the sender (modules/reports/jobs-service.ts)
// and the worker (jobs/report.ts), so that modules need not import jobs.
export const REPORT_QUEUE = 'report';
/** Where pg-boss moves a report job whose process died (its heartbeat lost, or failed at a PGlite start). */
export const REPORT_DEAD_QUEUE = 'report-dead';

export interface ReportJobData {
  reportId: number;
}
