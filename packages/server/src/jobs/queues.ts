import type { PgBoss } from 'pg-boss';

export const SCAN_QUEUE = 'scan';
/** Scan jobs that failed every attempt (crash, lost heartbeat, expiry) land here. */
export const SCAN_DEAD_QUEUE = 'scan-dead';

export interface ScanJobData {
  scanId: number;
}

/** Creates the queues (idempotent); senders need them before any worker runs. */
export async function createQueues(boss: PgBoss): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  if (!existing.has(SCAN_DEAD_QUEUE)) await boss.createQueue(SCAN_DEAD_QUEUE, { retryLimit: 3 });
  if (!existing.has(SCAN_QUEUE)) {
    await boss.createQueue(SCAN_QUEUE, {
      // One retry covers a worker that died mid-scan; the dead letter then marks the scan failed.
      retryLimit: 1,
      retryDelay: 5,
      // A live worker refreshes the heartbeat; a dead one is noticed within a minute.
      heartbeatSeconds: 60,
      expireInSeconds: 6 * 3600,
      deadLetter: SCAN_DEAD_QUEUE,
    });
  }
}
