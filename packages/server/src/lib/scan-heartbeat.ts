// How a scan job of a process that died is noticed on PostgreSQL, where several processes share
// the queue: its worker refreshes the job's heartbeat while the scan runs, and pg-boss's
// supervisor fails (and so retries) a job not heard of for `seconds`. On PGlite the next start
// fails such a job at once (jobs/orphaned-jobs.ts). BINLENS_SCAN_HEARTBEAT_SECONDS sets it.

export const DEFAULT_SCAN_HEARTBEAT_SECONDS = 20;

export interface ScanHeartbeat {
  /** A job not heard of for this long is failed and retried. */
  seconds: number;
  /** A live worker refreshes the heartbeat this often: four refreshes fit in `seconds`. */
  refreshSeconds: number;
  /** The supervisor looks this often: a dead job is retried between `seconds` and 1.5 × `seconds`. */
  superviseSeconds: number;
}

export function scanHeartbeat(seconds = DEFAULT_SCAN_HEARTBEAT_SECONDS): ScanHeartbeat {
  return { seconds, refreshSeconds: Math.max(1, Math.round(seconds / 4)), superviseSeconds: Math.max(1, Math.round(seconds / 2)) };
}
