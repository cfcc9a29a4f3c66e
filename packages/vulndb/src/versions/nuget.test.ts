import { describe, expect, it } from 'vitest';
import { nuget } from './nuget.ts';
import type { Ordering } from './types.ts';

// Pairs from NuGet's package versioning docs and real nuget.org releases.
const cases: [string, string, Ordering][] = [
  ['1.0', '1.0.0', 0],
  ['1.0', '1.0.0.0', 0],
  ['1.0.0.1', '1.0.0', 1],
  ['1.0.0-BETA', '1.0.0-beta', 0],
  ['1.0.0-Alpha', '1.0.0-alpha.1', -1],
  ['1.0.0-alpha', '1.0.0-beta', -1],
  ['1.0.0-beta.2', '1.0.0-beta.11', -1],
  ['1.0.0-beta', '1.0.0', -1],
  ['1.0.0-rc.1', '1.0.0', -1],
  ['4.6.0+sha.8e3a4', '4.6.0', 0],
  ['13.0.1', '12.0.3', 1],
  ['13.0.3', '13.0.1', 1],
  ['01.2.3', '1.2.3', 0],
  ['2.0.0.0', '2.0.0.10', -1],
  ['6.0.0-preview.7.21377.19', '6.0.0-rc.1.21451.13', -1],
  ['6.0.0-rc.2.21480.5', '6.0.0', -1],
  ['8.0.0', '7.0.14', 1],
  ['1.0.0-alpha1', '1.0.0-alpha2', -1],
  ['1.0.0-alpha10', '1.0.0-alpha2', -1],
  ['4.5.1', '4.5.10', -1],
  ['5.0.0-beta.1', '5.0.0-Beta.1', 0],
  ['3.1.32', '3.1.4', 1],
  ['1.2.3.4', '1.2.3.5', -1],
  ['1.2.3.4-beta', '1.2.3.4', -1],
  ['1.0.0-1', '1.0.0-a', -1],
];

describe('nuget.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(nuget.compare(a, b)).toBe(want);
    expect(nuget.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('nuget.valid', () => {
  it.each([
    ['1.0.0.1-Beta.2+sha.8e3a4', true],
    ['1', true],
    ['1.0.0.0.0', false],
    ['1.0.0-', false],
    ['a.b', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(nuget.valid(v)).toBe(want);
  });
});
