// Queues of outbound work, shared by their senders (modules) and workers (jobs).
/** Downloads a fetched scan's file, then queues its scan. */
export const FETCH_QUEUE = 'scan-fetch';
/** Fetch jobs that failed every attempt: their scans are failed. */
export const FETCH_DEAD_QUEUE = 'scan-fetch-dead';
/** Delivers a group's completion webhook for one finished scan. */
export const WEBHOOK_QUEUE = 'webhook';

export interface FetchJobData {
  scanId: number;
}

export interface WebhookJobData {
  scanId: number;
}
