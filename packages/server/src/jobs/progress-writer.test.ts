import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressWriter } from './progress-writer.ts';

describe('ProgressWriter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const writer = () => {
    const written: number[] = [];
    const progress = new ProgressWriter<number>(async (value) => void written.push(value), 1000, () => undefined);
    return { written, progress };
  };

  it('writes the first value at once and the latest of the interval when it ends, even if nothing follows', async () => {
    const { written, progress } = writer();
    for (const value of [1, 2, 3]) progress.push(value);
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([1]);
    await vi.advanceTimersByTimeAsync(999);
    expect(written).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([1, 3]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toEqual([1, 3]);
    progress.push(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([1, 3, 4]);
  });

  it('drops what is not yet written on flush, and writes nothing after it', async () => {
    const { written, progress } = writer();
    progress.push(1);
    progress.push(2);
    await progress.flush();
    await vi.advanceTimersByTimeAsync(2000);
    expect(written).toEqual([1]);
  });
});
