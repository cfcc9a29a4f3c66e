import { describe, expect, it } from 'vitest';
import { createEvaluationCache } from './evaluation-cache.ts';

/** A load that counts its calls and answers `value`, or waits for `release` when given one. */
function counted<T>(value: T, release?: Promise<void>): { load: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      await release;
      return value;
    },
    calls: () => calls,
  };
}

const size = (value: { bytes: number }): number => value.bytes;

describe('evaluation cache', () => {
  it('answers a second read of the same scan and version without loading', async () => {
    const cache = createEvaluationCache({ maxBytes: 1000 });
    const loader = counted({ bytes: 10 });
    expect(await cache.get(1, 'kb:3:3', 'evaluation', loader.load, size)).toEqual({ bytes: 10 });
    expect(await cache.get(1, 'kb:3:3', 'evaluation', loader.load, size)).toEqual({ bytes: 10 });
    expect(loader.calls()).toBe(1);
    expect(cache.size()).toEqual({ scans: 1, bytes: 10 });
  });

  it('loads again under a new version, which replaces every part of the old one', async () => {
    const cache = createEvaluationCache({ maxBytes: 1000 });
    await cache.get(1, 'kb:3:3', 'evaluation', counted({ bytes: 10 }).load, size);
    await cache.get(1, 'kb:3:3', 'derived result', counted({ bytes: 20 }).load, size);
    expect(cache.size()).toEqual({ scans: 1, bytes: 30 });
    const after = counted({ bytes: 15 });
    expect(await cache.get(1, 'kb:4:4', 'evaluation', after.load, size)).toEqual({ bytes: 15 });
    expect(after.calls()).toBe(1);
    expect(cache.size()).toEqual({ scans: 1, bytes: 15 });
  });

  it('shares one load between reads that arrive together', async () => {
    const cache = createEvaluationCache({ maxBytes: 1000 });
    let release = () => {};
    const loader = counted({ bytes: 10 }, new Promise<void>((resolve) => (release = resolve)));
    const reads = [cache.get(7, 'v', 'evaluation', loader.load, size), cache.get(7, 'v', 'evaluation', loader.load, size)];
    release();
    expect(await Promise.all(reads)).toEqual([{ bytes: 10 }, { bytes: 10 }]);
    expect(loader.calls()).toBe(1);
  });

  it('forgets a removed scan, and what a load running for it would have stored', async () => {
    const cache = createEvaluationCache({ maxBytes: 1000 });
    await cache.get(1, 'v', 'evaluation', counted({ bytes: 10 }).load, size);
    let release = () => {};
    const running = cache.get(2, 'v', 'evaluation', counted({ bytes: 20 }, new Promise<void>((resolve) => (release = resolve))).load, size);
    cache.forget(1);
    cache.forget(2);
    release();
    expect(await running).toEqual({ bytes: 20 });
    expect(cache.size()).toEqual({ scans: 0, bytes: 0 });
  });

  it('drops the least recently read scans beyond its bytes, and never keeps one heavier than all of it', async () => {
    const cache = createEvaluationCache({ maxBytes: 100 });
    await cache.get(1, 'v', 'evaluation', counted({ bytes: 40 }).load, size);
    await cache.get(2, 'v', 'evaluation', counted({ bytes: 40 }).load, size);
    await cache.get(1, 'v', 'evaluation', counted({ bytes: 40 }).load, size);
    await cache.get(3, 'v', 'evaluation', counted({ bytes: 40 }).load, size);
    expect(cache.size()).toEqual({ scans: 2, bytes: 80 });
    const two = counted({ bytes: 40 });
    await cache.get(2, 'v', 'evaluation', two.load, size);
    expect(two.calls()).toBe(1);
    const huge = counted({ bytes: 101 });
    await cache.get(4, 'v', 'evaluation', huge.load, size);
    await cache.get(4, 'v', 'evaluation', huge.load, size);
    expect(huge.calls()).toBe(2);
    expect(cache.size()).toEqual({ scans: 2, bytes: 80 });
  });

  it('keeps nothing with 0 bytes', async () => {
    const cache = createEvaluationCache({ maxBytes: 0 });
    const loader = counted({ bytes: 1 });
    await cache.get(1, 'v', 'evaluation', loader.load, size);
    await cache.get(1, 'v', 'evaluation', loader.load, size);
    expect(loader.calls()).toBe(2);
    expect(cache.size()).toEqual({ scans: 0, bytes: 0 });
  });

  it('lets the next read load again after a failed load', async () => {
    const cache = createEvaluationCache({ maxBytes: 1000 });
    await expect(cache.get(1, 'v', 'evaluation', () => Promise.reject(new Error('database gone')), size)).rejects.toThrow('database gone');
    const loader = counted({ bytes: 5 });
    expect(await cache.get(1, 'v', 'evaluation', loader.load, size)).toEqual({ bytes: 5 });
    expect(loader.calls()).toBe(1);
  });

  it('never lets a load begun under an older version replace what a later one stored', async () => {
    const cache = createEvaluationCache({ maxBytes: 1000 });
    let release = () => {};
    const slow = cache.get(1, 'kb:1', 'evaluation', counted({ bytes: 10 }, new Promise<void>((resolve) => (release = resolve))).load, size);
    await cache.get(1, 'kb:2', 'evaluation', counted({ bytes: 20 }).load, size);
    release();
    await slow;
    const later = counted({ bytes: 20 });
    await cache.get(1, 'kb:2', 'evaluation', later.load, size);
    expect(later.calls()).toBe(0);
    expect(cache.size()).toEqual({ scans: 1, bytes: 20 });
  });
});
