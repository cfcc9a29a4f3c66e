import { describe, expect, it } from 'vitest';
import { rubygems } from './rubygems.ts';
import type { Ordering } from './types.ts';

// Pairs from Gem::Version's documentation and tests, and real gem releases.
const cases: [string, string, Ordering][] = [
  ['1.0', '1', 0],
  ['1.0.a', '1.0', -1],
  ['1.0.b1', '1.0.a.2', 1],
  ['0.9', '1.0', -1],
  ['1.0.0', '1.0.1', -1],
  ['1.8.2', '0.0.0', 1],
  ['1.0.b1', '1.0', -1],
  ['1.0.a', '1.0.b', -1],
  ['1.0.a10', '1.0.a9', 1],
  ['1.0-beta', '1.0.pre.beta', 0],
  ['1.0.0-rc1', '1.0.0', -1],
  ['1.0.0.rc1', '1.0.0-rc1', 1],
  ['1.0.a', '1.a', 0],
  ['1.1.a', '1.0', 1],
  ['1.0.0.pre', '1.0.0.pre1', -1],
  ['7.0.4.3', '7.0.4', 1],
  ['7.0.4.3', '7.0.5', -1],
  ['6.1.7.1', '6.1.7.2', -1],
  ['1.13.10', '1.13.9', 1],
  ['1.14.0.rc1', '1.14.0', -1],
  ['2.0.0.beta', '2.0.0.rc', -1],
  ['5.2', '5.2.0', 0],
  ['', '0', 0],
  ['3.2.0', '3.10.0', -1],
  ['1.0.B', '1.0.a', -1],
];

describe('rubygems.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(rubygems.compare(a, b)).toBe(want);
    expect(rubygems.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('rubygems.valid', () => {
  it.each([
    ['3.2.0-rc.2', true],
    ['1.0.0.pre1', true],
    ['1..0', false],
    ['junk', false],
    ['1.0-', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(rubygems.valid(v)).toBe(want);
  });
});
