import { describe, expect, it } from 'vitest';
import { debian } from './debian.ts';
import type { Ordering } from './types.ts';

// Pairs from Debian Policy §5.6.12, dpkg's own tests and real Debian/Ubuntu
// security fixes.
const cases: [string, string, Ordering][] = [
  ['1.0', '1.0-1', -1],
  ['1.0~rc1', '1.0', -1],
  ['1.0~rc1-1', '1.0-1', -1],
  ['1.0~~', '1.0~~a', -1],
  ['1.0~~a', '1.0~', -1],
  ['1.0~', '1.0', -1],
  ['1.0', '1.0a', -1],
  ['1.0a', '1.0+', -1],
  ['1:1.0', '2.0', 1],
  ['0:1.0', '1.0', 0],
  ['2:1.0', '1:9.9', 1],
  ['1.0-1', '1.0-1.1', -1],
  ['1.0-1', '1.0-01', 0],
  ['1.001', '1.1', 0],
  ['1.10', '1.9', 1],
  ['1.0.0+dfsg-1', '1.0.0-1', 1],
  ['1.0+dfsg', '1.0a', 1],
  ['1.1.1n-0+deb11u4', '1.1.1n-0+deb11u5', -1],
  ['1.1.1n-0+deb11u5', '1.1.1w-0+deb11u1', -1],
  ['3.0.11-1~deb12u2', '3.0.11-1', -1],
  ['3.0.11-1~deb12u2', '3.0.9-1', 1],
  ['7.68.0-1ubuntu2.20', '7.68.0-1ubuntu2.21', -1],
  ['7.35.0-1ubuntu2.20+esm19', '7.35.0-1ubuntu2.20', 1],
  ['2.31-0ubuntu9.9', '2.31-0ubuntu9.14', -1],
  ['2.36-9+deb12u4', '2.36-9+deb12u7', -1],
  ['5.10.209-2', '5.10.216-1', -1],
  ['1:1.2.13.dfsg-1', '1.2.13.dfsg-3', 1],
  ['2.2.4-1', '1:2.2.4-1', -1],
  ['1.36.1-9', '1:1.36.1-9', -1],
];

describe('debian.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(debian.compare(a, b)).toBe(want);
    expect(debian.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('debian.valid', () => {
  it.each([
    ['1:2.36-9+deb12u4', true],
    ['1.0~rc1', true],
    ['1:1.2-3-4', true],
    ['abc', false],
    ['1.0-', false],
    ['a:1.0', false],
    ['1:', false],
    ['1.0 2', false],
    ['1.0-a:b', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(debian.valid(v)).toBe(want);
  });
});
