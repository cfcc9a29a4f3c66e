import { describe, expect, it } from 'vitest';
import { semver } from './semver.ts';
import type { Ordering } from './types.ts';

// Pairs from semver.org §11 and real npm / crates.io releases.
const cases: [string, string, Ordering][] = [
  ['1.0.0', '2.0.0', -1],
  ['2.0.0', '2.1.0', -1],
  ['2.1.0', '2.1.1', -1],
  ['1.0.0-alpha', '1.0.0-alpha.1', -1],
  ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
  ['1.0.0-alpha.beta', '1.0.0-beta', -1],
  ['1.0.0-beta', '1.0.0-beta.2', -1],
  ['1.0.0-beta.2', '1.0.0-beta.11', -1],
  ['1.0.0-beta.11', '1.0.0-rc.1', -1],
  ['1.0.0-rc.1', '1.0.0', -1],
  ['1.0.0+20130313144700', '1.0.0', 0],
  ['1.0.0-beta+exp.sha.5114f85', '1.0.0-beta', 0],
  ['1.0.0-alpha+001', '1.0.0-alpha+002', 0],
  ['4.17.20', '4.17.21', -1],
  ['1.2.3', '1.10.0', -1],
  ['10.0.0', '9.99.99', 1],
  ['0.9.0', '0.10.0', -1],
  ['0.0.0', '0.0.1', -1],
  ['1.0.0-alpha.9', '1.0.0-alpha.10', -1],
  ['1.0.0-alpha.1', '1.0.0-alpha.a', -1],
  ['1.0.0-1', '1.0.0-a', -1],
  ['1.0.0-x.y', '1.0.0-x-y', -1],
  ['1.0.0-rc.1', '1.0.0-rc.1.1', -1],
  ['18.3.0-canary-a870b2d54-20240314', '18.3.0', -1],
  ['16.0.0', '16.0.0', 0],
  ['1.0.12345678901234567890', '1.0.12345678901234567891', -1],
  ['1.0.0-Alpha', '1.0.0-alpha', -1],
];

describe('semver.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(semver.compare(a, b)).toBe(want);
    expect(semver.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('semver.valid', () => {
  it.each([
    ['1.0.0-alpha.beta+exp.sha.5114f85', true],
    ['0.0.0', true],
    ['1.0', false],
    ['01.0.0', false],
    ['1.0.0-01', false],
    ['1.0.0-', false],
    ['v1.0.0', false],
    ['', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(semver.valid(v)).toBe(want);
  });

  it('orders invalid versions by the fallback rule without throwing', () => {
    expect(semver.compare('1.0', '1.0.1')).toBe(-1);
    expect(semver.compare('not a version', 'not a version')).toBe(0);
    expect(semver.compare('abc', 'abd')).toBe(-1);
  });
});
