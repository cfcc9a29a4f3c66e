import { describe, expect, it } from 'vitest';
import {
  CONTAINER_RATIO_FLOOR_BYTES,
  ContainerMeter,
  DEFAULT_LIMITS,
  LimitTracker,
  RATIO_FLOOR_BYTES,
  inputBudget,
  limitMessage,
  resolveLimits,
} from './limits.ts';

describe('limits', () => {
  const hint = (key: string): string => ` (${key}): raise with --limit ${key}=N on the command line, or the scan's limits setting`;

  it('defaults and overrides', () => {
    expect(resolveLimits(undefined)).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.maxDepth).toBe(16);
    expect([DEFAULT_LIMITS.maxFiles, DEFAULT_LIMITS.maxTotalBytes]).toEqual([1_000_000, 64 * 1024 ** 3]);
    expect(resolveLimits({ maxDepth: 2 }).maxDepth).toBe(2);
  });

  it('the byte and file budgets grow with the input, between a floor and a cap, unless set', () => {
    const MiB = 1024 ** 2;
    expect(inputBudget(31_000)).toEqual({ maxTotalBytes: 256 * MiB, maxFiles: 200_000 });
    expect(inputBudget(100 * MiB)).toEqual({ maxTotalBytes: 3200 * MiB, maxFiles: 204_800 });
    expect(inputBudget(4096 * MiB)).toEqual({ maxTotalBytes: 64 * 1024 * MiB, maxFiles: 1_000_000 });
    expect(resolveLimits({ maxTotalBytes: 5 }, 100 * MiB)).toMatchObject({ maxTotalBytes: 5, maxFiles: 204_800 });
    const tracker = new LimitTracker(resolveLimits({ maxFiles: 7 }));
    tracker.scaleTo(100 * MiB, { maxFiles: 7 });
    expect([tracker.limits.maxTotalBytes, tracker.limits.maxFiles]).toEqual([3200 * MiB, 7]);
  });

  it('bad configuration throws', () => {
    expect(() => resolveLimits({ maxFiles: -1 })).toThrow('limit maxFiles must be a non-negative number, got -1');
    expect(() => resolveLimits({ maxDepth: Number.NaN })).toThrow(TypeError);
  });

  it('the member ratio check starts above the floor', () => {
    const tracker = new LimitTracker(resolveLimits({ maxCompressionRatio: 10 }));
    expect(tracker.addBytes(RATIO_FLOOR_BYTES, RATIO_FLOOR_BYTES, 100)).toBeUndefined();
    expect(tracker.addBytes(1, RATIO_FLOOR_BYTES + 1, 100)).toBe(`compression ratio above 10:1${hint('maxCompressionRatio')}`);
    expect(tracker.addBytes(1, RATIO_FLOOR_BYTES + 1, RATIO_FLOOR_BYTES)).toBeUndefined();
    expect(limitMessage('maxDepth', 'nested deeper than 2')).toBe(`nested deeper than 2${hint('maxDepth')}`);
  });

  it('a container stops once its members together pass the ratio, members at the floor included', () => {
    const tracker = new LimitTracker(resolveLimits({ maxCompressionRatio: 250 }));
    const container = new ContainerMeter();
    // Members of exactly the floor, 1 KiB each compressed: each passes its own check.
    for (let i = 0; i < CONTAINER_RATIO_FLOOR_BYTES / RATIO_FLOOR_BYTES; i++) {
      expect(tracker.addBytes(RATIO_FLOOR_BYTES, RATIO_FLOOR_BYTES, 1024, container)).toBeUndefined();
      container.finish(RATIO_FLOOR_BYTES, 1024);
    }
    const reason = `members expand above 250:1 together (4194305 bytes from 4097); the rest is not extracted${hint('maxCompressionRatio')}`;
    expect(tracker.addBytes(1, 1, 1, container)).toBe(reason);
    expect([container.stopped, tracker.addBytes(1, 1, undefined, container), tracker.exhausted]).toEqual([reason, reason, undefined]);
    // Stored members count as their own input: a tar of 8 MiB is no bomb.
    const stored = new ContainerMeter();
    expect(tracker.addBytes(8 * RATIO_FLOOR_BYTES, 8 * RATIO_FLOOR_BYTES, undefined, stored)).toBeUndefined();
  });

  it('the scan-wide limits name their key and how to raise it', () => {
    const tracker = new LimitTracker(resolveLimits({ maxFiles: 1, maxTotalBytes: 10 }));
    expect(tracker.takeFile()).toBeUndefined();
    expect(tracker.takeFile()).toBe(`more than 1 files${hint('maxFiles')}`);
    const bytes = new LimitTracker(resolveLimits({ maxTotalBytes: 10, maxFileBytes: 5 }));
    expect(bytes.addBytes(6, 6, undefined)).toBe(`file larger than 5 bytes${hint('maxFileBytes')}`);
    expect(bytes.addBytes(5, 5, undefined)).toBeUndefined();
    expect(bytes.addBytes(5, 5, undefined)).toBeUndefined();
    expect(bytes.addBytes(1, 1, undefined)).toBe(`more than 10 bytes extracted${hint('maxTotalBytes')}`);
  });
});

describe('time limit', () => {
  it('is generous by default and configurable', () => {
    expect(DEFAULT_LIMITS.timeMs).toBe(30 * 60 * 1000);
    expect(resolveLimits({ timeMs: 5 }).timeMs).toBe(5);
    expect(() => resolveLimits({ timeMs: -1 })).toThrow('limit timeMs must be a non-negative number, got -1');
    expect(new LimitTracker(resolveLimits(undefined)).timeUp()).toBe(false);
  });

  it('once the time is up, every extraction stops as on a scan-wide limit, reported by the stage', () => {
    const tracker = new LimitTracker(resolveLimits({ timeMs: 0 }));
    expect(tracker.timeUp()).toBe(true);
    const reason = 'scan time limit of 0 ms exceeded (timeMs)';
    expect([tracker.takeFile(), tracker.addBytes(1, 1, undefined), tracker.exhausted]).toEqual([reason, reason, reason]);
    // The sink stays silent: the stage that saw it records the one error.
    expect([tracker.exhaustedReported, tracker.timeReported]).toEqual([true, false]);
  });
});
