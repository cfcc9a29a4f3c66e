import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LimitTracker, RATIO_FLOOR_BYTES, resolveLimits } from './limits.ts';

describe('limits', () => {
  it('defaults and overrides', () => {
    expect(resolveLimits(undefined)).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.maxDepth).toBe(16);
    expect(DEFAULT_LIMITS.maxFiles).toBe(200_000);
    expect(resolveLimits({ maxDepth: 2 }).maxDepth).toBe(2);
  });

  it('bad configuration throws', () => {
    expect(() => resolveLimits({ maxFiles: -1 })).toThrow('limit maxFiles must be a non-negative number, got -1');
    expect(() => resolveLimits({ maxDepth: Number.NaN })).toThrow(TypeError);
  });

  it('the ratio check starts above the floor', () => {
    const tracker = new LimitTracker(resolveLimits({ maxCompressionRatio: 10 }));
    expect(tracker.addBytes(RATIO_FLOOR_BYTES, RATIO_FLOOR_BYTES, 100)).toBeUndefined();
    expect(tracker.addBytes(1, RATIO_FLOOR_BYTES + 1, 100)).toBe('compression ratio above 10:1 (maxCompressionRatio)');
    expect(tracker.addBytes(1, RATIO_FLOOR_BYTES + 1, RATIO_FLOOR_BYTES)).toBeUndefined();
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
