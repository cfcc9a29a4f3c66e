import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { SCAN_QUEUE } from '../lib/queue-names.ts';
import { type ScanHeartbeat, scanHeartbeat } from '../lib/scan-heartbeat.ts';
import { createFetchQueues } from './fetch.ts';
import { createWebhookQueue } from './webhook.ts';
import { createCustomPatternQueue } from './custom-patterns.ts';
import { createReportQueue } from './report.ts';

export { SCAN_QUEUE, type ScanJobData } from '../lib/queue-names.ts';
/** Scan jobs that failed every attempt (crash, lost heartbeat, expiry) land here. */
export const SCAN_DEAD_QUEUE = 'scan-dead';

/** Attempts of a scan's job before the dead letter fails the scan (jobs/scan.ts DEAD_SCAN_MESSAGE). */
export const SCAN_ATTEMPTS = 3;

const scanQueueOptions = (heartbeat: ScanHeartbeat) => ({
  // Retries cover workers that died mid-scan (another worker takes the job); the dead letter then marks the scan failed.
  retryLimit: SCAN_ATTEMPTS - 1,
  // The retry of a job whose process died starts at once.
  retryDelay: 0,
  heartbeatSeconds: heartbeat.seconds,
  expireInSeconds: 6 * 3600,
});

/** Creates the queues (idempotent); senders need them before any worker runs. */
export async function createQueues(boss: PgBoss, heartbeat: ScanHeartbeat): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  if (!existing.has(SCAN_DEAD_QUEUE)) await boss.createQueue(SCAN_DEAD_QUEUE, { retryLimit: 3 });
  if (!existing.has(SCAN_QUEUE)) await boss.createQueue(SCAN_QUEUE, { ...scanQueueOptions(heartbeat), deadLetter: SCAN_DEAD_QUEUE });
  // A queue made by an earlier version, or with another heartbeat, takes the current timings.
  else await boss.updateQueue(SCAN_QUEUE, scanQueueOptions(heartbeat));
  await createFetchQueues(boss, existing);
  await createWebhookQueue(boss, existing);
  await createCustomPatternQueue(boss, existing);
  await createReportQueue(boss, existing);
}

/** The app's queue: pg-boss, built by the composition root and started by the queue plugin. */
export interface QueueHandle {
  /** Not started until the queue plugin starts it; null when built without a queue (openapi-dump). */
  readonly boss: PgBoss | null;
  /** Sends a job; 503 when there is no queue or pg-boss refuses it. */
  enqueue(queue: string, data: object): Promise<string>;
  /**
   * Asks for a run on a queue that keeps at most one waiting job (policy `stately`): a request
   * already waiting is enough, so pg-boss's refusal of another is not an error. No-op without a queue.
   */
  request(queue: string): Promise<void>;
  /** A worker of this process on `queue`: woken by every send, so a job starts at once rather than at its next poll. */
  wakeOnSend(queue: string, workerId: string): void;
  /** The scan queue's heartbeat timings (BINLENS_SCAN_HEARTBEAT_SECONDS). */
  readonly scanHeartbeat: ScanHeartbeat;
}

export function createQueueHandle(database: Database, enabled: boolean, heartbeatSeconds?: number): QueueHandle {
  const heartbeat = scanHeartbeat(heartbeatSeconds);
  const boss = enabled ? newBoss(database, heartbeat) : null;
  const localWorkers = new Map<string, Set<string>>();
  const wake = (queue: string) => {
    for (const workerId of localWorkers.get(queue) ?? []) boss?.notifyWorker(workerId);
  };
  return {
    boss,
    scanHeartbeat: heartbeat,
    async enqueue(queue, data) {
      if (!boss) throw new AppError('queue_unavailable');
      const id = await boss.send(queue, data);
      if (!id) throw new AppError('queue_unavailable');
      wake(queue);
      return id;
    },
    async request(queue) {
      if (!boss) return;
      await boss.send(queue, {});
      wake(queue);
    },
    wakeOnSend(queue, workerId) {
      localWorkers.set(queue, (localWorkers.get(queue) ?? new Set()).add(workerId));
    },
  };
}

function newBoss(database: Database, heartbeat: ScanHeartbeat): PgBoss {
  // PGlite is one in-process connection: fromPglite routes parameterised statements to
  // query() and multi-statement SQL to exec(), returning the rows of every statement.
  return database.kind === 'pglite'
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
    : // Several processes share the queue: the supervisor fails a dead process's jobs by their
      // lost heartbeat, so it looks every half heartbeat (10 s by default) rather than every minute.
      new PgBoss({ connectionString: database.connectionString, max: 4, superviseIntervalSeconds: heartbeat.superviseSeconds, monitorIntervalSeconds: heartbeat.superviseSeconds });
}
