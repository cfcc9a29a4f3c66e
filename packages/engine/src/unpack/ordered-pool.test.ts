import { describe, expect, it } from 'vitest';
import { inOrder } from './ordered-pool.ts';

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('inOrder', () => {
  it('consumes results in item order while jobs overlap, never more than width at once', async () => {
    let active = 0;
    let peak = 0;
    const seen: number[] = [];
    await inOrder(
      [30, 5, 20, 1, 10, 2, 15],
      3,
      async (ms) => {
        active++;
        peak = Math.max(peak, active);
        await delay(ms);
        active--;
        return ms * 2;
      },
      (ms, doubled) => void seen.push(ms, doubled),
    );
    expect(seen).toEqual([30, 60, 5, 10, 20, 40, 1, 2, 10, 20, 2, 4, 15, 30]);
    expect(peak).toBe(3);
  });

  it('stops when consume returns false and starts no job past the window', async () => {
    const started: number[] = [];
    const consumed: number[] = [];
    await inOrder(
      [1, 2, 3, 4, 5, 6],
      2,
      async (n) => {
        started.push(n);
        return n;
      },
      (n) => {
        consumed.push(n);
        return n < 2;
      },
    );
    expect(consumed).toEqual([1, 2]);
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('rethrows the failure of the job being consumed, and ignores failures of dropped jobs', async () => {
    const consumed: number[] = [];
    await expect(
      inOrder(
        [1, 2, 3],
        3,
        async (n) => {
          if (n >= 2) throw new Error(`job ${n} failed`);
          return n;
        },
        (n) => void consumed.push(n),
      ),
    ).rejects.toThrow('job 2 failed');
    expect(consumed).toEqual([1]);
  });

  it('handles no items', async () => {
    await inOrder([], 4, async () => 1, () => undefined);
  });
});
