// Queues of outbound work, shared by their senders (modules) and workers (jobs).
/** Downloads a fetched scan's file, then queues its scan. */
export const FETCH_QUEUE = 'scan-fetch';
/** Fetch jobs that failed every attempt: their scans are failed. */
export const FETCH_DEAD_QUEUE = 'scan-fetch-dead';
/** Delivers a group's completion webhook for one finished scan. */
export const WEBHOOK_QUEUE = 'webhook';

export interface FetchJobData {
  scanId: number;
  /** Passed on to the scan's job: remove the file once the scan has finished (Delete-Binary). */
  deleteBinary?: true;
  /** Passed on to the scan's job: the URL its end is announced to (Callback). */
  callback?: string;
}

export interface WebhookJobData {
  scanId: number;
  /** A per-upload URL (the public API's Callback header) to announce the scan's end to, rather than its group's webhook. */
  callback?: string;
}
