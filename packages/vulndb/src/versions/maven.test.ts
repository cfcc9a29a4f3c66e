import { describe, expect, it } from 'vitest';
import { maven } from './maven.ts';
import type { Ordering } from './types.ts';

// Maven's own ComparableVersionTest orderings, as adjacent pairs.
const QUALIFIER_ORDER = [
  '1-alpha2snapshot', '1-alpha2', '1-alpha-123', '1-beta-2', '1-beta123', '1-m2', '1-m11', '1-rc', '1-cr2',
  '1-rc123', '1-SNAPSHOT', '1', '1-sp', '1-sp2', '1-sp123', '1-abc', '1-def', '1-pom-1', '1-1-snapshot', '1-1',
  '1-2', '1-123',
];
const NUMBER_ORDER = [
  '2.0', '2-1', '2.0.a', '2.0.0.a', '2.0.2', '2.0.123', '2.1.0', '2.1-a', '2.1b', '2.1-c', '2.1-1', '2.1.0.1',
  '2.2', '2.123', '11.a2', '11.a11', '11.b2', '11.b11', '11.m2', '11.m11', '11', '11.a', '11b', '11c', '11m',
];

const ascending = (list: string[]): [string, string, Ordering][] =>
  list.slice(1).map((v, i) => [list[i] ?? '', v, -1]);

const cases: [string, string, Ordering][] = [
  ...ascending(QUALIFIER_ORDER),
  ...ascending(NUMBER_ORDER),
  // Padding and qualifier aliases.
  ['1', '1.0', 0],
  ['1', '1.0.0', 0],
  ['1', '1-0', 0],
  ['1', '1-ga', 0],
  ['1', '1-final', 0],
  ['1', '1-release', 0],
  ['1.0.0.RELEASE', '1.0.0', 0],
  ['1-cr1', '1-rc1', 0],
  ['1a1', '1-alpha-1', 0],
  ['1-a1', '1-alpha1', 0],
  ['1.0.0-SNAPSHOT', '1.0.0', -1],
  // Real Maven Central releases.
  ['2.17.1', '2.17.0', 1],
  ['2.15.0-rc1', '2.15.0', -1],
  ['5.3.18', '5.3.17', 1],
  ['9.4.51.v20230217', '9.4.50.v20221201', 1],
  ['2.12.7.1', '2.12.7', 1],
  ['1.0.0.Final-redhat-00001', '1.0.0.Final', 1],
  ['4.1.100.Final', '4.1.94.Final', 1],
];

describe('maven.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(maven.compare(a, b)).toBe(want);
    expect(maven.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('maven.valid', () => {
  it.each([
    ['1.0.0.Final-redhat-00001', true],
    ['2.17.1', true],
    ['', false],
    ['-1', false],
    ['1.0 beta', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(maven.valid(v)).toBe(want);
  });
});
