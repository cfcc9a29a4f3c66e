// The per-scan time limit (`Limits.timeMs`), checked by each stage between files:
// once it is reached the stage stops, and the first stage to see it records one
// error naming itself and what it left undone. Later stages stop at their first
// check, so the scan returns at once with everything done so far.
import type { ScanContext } from './context.ts';

export const TIME_LIMIT_PLUGIN = 'engine/pipeline';

/** True when the scan is out of time; `skipped` says what the stage leaves undone (`12 of 40 files not unpacked`). */
export function outOfTime(ctx: ScanContext, stage: string, skipped: () => string): boolean {
  const { tracker } = ctx;
  if (!tracker.timeUp()) return false;
  if (!tracker.timeReported) {
    tracker.timeReported = true;
    const seconds = Math.round(tracker.limits.timeMs / 100) / 10;
    ctx.problems.push({
      level: 'error',
      location: [],
      plugin: TIME_LIMIT_PLUGIN,
      code: 'time-limit-exceeded',
      message: `scan time limit of ${seconds} s (timeMs) reached in stage "${stage}": ${skipped()}; later stages skipped`,
    });
  }
  return true;
}
