import { describe, expect, it } from 'vitest';
import type { ScanStatus } from '../db/schema/index.ts';
import { watchForAbort } from './scan-abort-watch.ts';

/** Resolves once the signal aborts. */
const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

describe('watchForAbort', () => {
  it('aborts once the scan is failed by an abort, and reads no more after', async () => {
    const answers: ScanStatus[] = ['B', 'S', 'F'];
    let reads = 0;
    const watch = watchForAbort(async () => ({ status: answers[Math.min(reads++, answers.length - 1)] as ScanStatus }), 5);
    await aborted(watch.signal);
    const readsAtAbort = reads;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([readsAtAbort, reads]).toEqual([3, 3]);
  });

  it('aborts when the scan is gone (removed while running)', async () => {
    const watch = watchForAbort(async () => undefined, 5);
    await aborted(watch.signal);
    expect(watch.signal.aborted).toBe(true);
  });

  it('takes a failed read for no abort, and stops reading when stopped', async () => {
    let reads = 0;
    const watch = watchForAbort(async () => {
      reads += 1;
      if (reads === 1) throw new Error('connection reset');
      return { status: 'P' };
    }, 5);
    while (reads < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    watch.stop();
    const stoppedAt = reads;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([watch.signal.aborted, reads]).toEqual([false, stoppedAt]);
  });
});
