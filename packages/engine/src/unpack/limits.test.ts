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
