import { describe, expect, it } from 'vitest';
import { parseLimitSettings } from './limit-settings.ts';

describe('parseLimitSettings', () => {
  it('reads NAME=VALUE settings into limits', () => {
    expect(parseLimitSettings(['maxCompressionRatio=5000', ' maxTotalBytes = 1073741824 '])).toEqual({ maxCompressionRatio: 5000, maxTotalBytes: 1073741824 });
    expect(parseLimitSettings([])).toEqual({});
  });

  it('names what is wrong with a setting', () => {
    expect(parseLimitSettings(['maxBombs=1'])).toBe('a limit is one of maxDepth, maxFiles, maxTotalBytes, maxFileBytes, maxCompressionRatio, maxDecoderMemory, timeMs, not "maxBombs"');
    expect(parseLimitSettings(['maxDepth=-1'])).toBe('limit maxDepth must be a whole number ≥ 0, not "-1"');
    expect(parseLimitSettings(['maxDepth=1.5'])).toBe('limit maxDepth must be a whole number ≥ 0, not "1.5"');
    expect(parseLimitSettings(['maxDepth'])).toBe('limit maxDepth must be a whole number ≥ 0, not ""');
    expect(parseLimitSettings(['timeMs=5'], ['maxDepth'])).toBe('a limit is one of maxDepth, not "timeMs"');
  });
});
