import { describe, expect, it } from 'vitest';
import { fallbackCompare } from './fallback.ts';
import { VERSION_SCHEMES } from './registry.ts';

describe('fallbackCompare', () => {
  it.each([
    ['1.0', '1.0.1', -1],
    ['release-2', 'release-10', -1],
    ['1.0 beta', '1.0', -1],
    ['', 'x', -1],
    ['same', 'same', 0],
    // Equal by tokens, different strings: plain string order decides.
    ['1.0', '1.0.0', -1],
  ] as const)('%j vs %j -> %i', (a, b, want) => {
    expect(fallbackCompare(a, b)).toBe(want);
    expect(fallbackCompare(b, a)).toBe(want === 0 ? 0 : -want);
  });

  it('is what every scheme uses when a side is invalid, and nothing throws', () => {
    // (RubyGems reads "" as version 0, so the empty string is not garbage for every scheme.)
    const garbage = ['%%%', '::', '-', '~', '\u0000', 'é', '1 2'];
    for (const scheme of VERSION_SCHEMES) {
      for (const a of garbage) {
        expect(scheme.valid(a)).toBe(false);
        expect(scheme.compare(a, 'zzz')).toBe(fallbackCompare(a, 'zzz'));
      }
    }
  });
});
