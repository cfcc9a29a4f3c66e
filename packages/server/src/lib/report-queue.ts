// The queue of reports made in the background, shared by the sender (modules/reports/jobs-service.ts)
// and the worker (jobs/report.ts), so that modules need not import jobs.
export const REPORT_QUEUE = 'report';

export interface ReportJobData {
  reportId: number;
}
