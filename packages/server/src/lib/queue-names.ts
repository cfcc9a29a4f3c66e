// The scan queue's name and payload, shared by the sender (modules/scans/routes.ts) and the
// worker (jobs/scan.ts, jobs/queues.ts), so that modules need not import jobs.
export const SCAN_QUEUE = 'scan';

export interface ScanJobData {
  scanId: number;
  /** Remove the scan's file once the scan has finished (the public API's Delete-Binary header). */
  deleteBinary?: true;
  /** A URL the scan's end is announced to besides its group's webhook (the public API's Callback header). */
  callback?: string;
}
