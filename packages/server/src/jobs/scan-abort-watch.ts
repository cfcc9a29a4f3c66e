// How a running scan learns it was aborted: POST scans/{id}/abort/ fails the scan in the
// database (whichever process or machine runs it), and the job's watch, reading the scan's
// status every `intervalMs`, aborts the engine's signal: the scan's worker thread stops.
import { isBusyScan, type ScanStatus } from '../db/schema/index.ts';

export const ABORT_POLL_MS = 1000;

export interface AbortWatch {
  /** Aborted once the scan is no longer busy (or gone). */
  readonly signal: AbortSignal;
  stop(): void;
}

export function watchForAbort(status: () => Promise<{ status: ScanStatus } | undefined>, intervalMs = ABORT_POLL_MS): AbortWatch {
  const controller = new AbortController();
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    status()
      .then((scan) => {
        if (!scan || !isBusyScan(scan.status)) controller.abort(new Error('the scan was aborted'));
      })
      // A failed read is not an abort: the next tick reads again.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }, intervalMs);
  timer.unref();
  controller.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
