// The scan queue's name and payload, shared by the sender (modules/scans/routes.ts) and the
// worker (jobs/scan.ts, jobs/queues.ts), so that modules need not import jobs.
export const SCAN_QUEUE = 'scan';

export interface ScanJobData {
  scanId: number;
}
