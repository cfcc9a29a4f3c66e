import type { PgBoss } from 'pg-boss';
import { SCAN_QUEUE } from '../lib/queue-names.ts';

export { SCAN_QUEUE, type ScanJobData } from '../lib/queue-names.ts';
/** Scan jobs that failed every attempt (crash, lost heartbeat, expiry) land here. */
export const SCAN_DEAD_QUEUE = 'scan-dead';

/**
 * A live worker refreshes a scan job's heartbeat every 5 s; a job not heard of for 20 s is
 * failed (and retried) by the supervisor, which runs every 10 s (plugins/queue.ts). On
 * PostgreSQL, where several processes share the queue, this is how a job of a process that
 * died is noticed; on PGlite the next start fails it at once (jobs/scan.ts).
 */
export const SCAN_HEARTBEAT_SECONDS = 20;
export const SCAN_HEARTBEAT_REFRESH_SECONDS = 5;

const SCAN_QUEUE_OPTIONS = {
  // One retry covers a worker that died mid-scan; the dead letter then marks the scan failed.
  retryLimit: 1,
  // The retry of a job whose process died starts at once.
  retryDelay: 0,
  heartbeatSeconds: SCAN_HEARTBEAT_SECONDS,
  expireInSeconds: 6 * 3600,
};

/** Creates the queues (idempotent); senders need them before any worker runs. */
export async function createQueues(boss: PgBoss): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  if (!existing.has(SCAN_DEAD_QUEUE)) await boss.createQueue(SCAN_DEAD_QUEUE, { retryLimit: 3 });
  if (!existing.has(SCAN_QUEUE)) await boss.createQueue(SCAN_QUEUE, { ...SCAN_QUEUE_OPTIONS, deadLetter: SCAN_DEAD_QUEUE });
  // A queue made by an earlier version takes the current timings.
  else await boss.updateQueue(SCAN_QUEUE, SCAN_QUEUE_OPTIONS);
}
