import { describe, expect, it } from 'vitest';
import { composer, normalizeComposer } from './composer.ts';
import type { Ordering } from './types.ts';

// Pairs from Composer's versions docs (stabilities dev < alpha < beta < RC <
// stable < patch) and real Packagist releases.
const cases: [string, string, Ordering][] = [
  ['1.0.0', '1.0', 0],
  ['v1.0.0', '1.0.0', 0],
  ['1.0.0-beta1', '1.0.0', -1],
  ['1.0.0-alpha', '1.0.0-beta', -1],
  ['1.0.0-RC1', '1.0.0-beta2', 1],
  ['1.0.0-patch1', '1.0.0', 1],
  ['1.0.0-pl1', '1.0.0-patch1', 0],
  ['1.0.0-dev', '1.0.0-alpha', -1],
  ['1.0.0-beta2', '1.0.0-beta10', -1],
  ['2.0.0-b1', '2.0.0-beta1', 0],
  ['1.0.0-rc1', '1.0.0-RC1', 0],
  ['1.0.0-stable', '1.0.0', 0],
  ['5.4.21', '5.4.22', -1],
  ['9.52.16', '9.5.16', 1],
  ['6.4.x-dev', '6.4.5', 1],
  ['dev-main', '1.0.0', -1],
  ['dev-main', 'dev-master', -1],
  ['20230101', '20230102', -1],
  ['1.0.0.1', '1.0.0', 1],
  ['1.0.0-beta1-dev', '1.0.0-beta1', -1],
  ['1.0-alpha.2', '1.0-alpha.3', -1],
  ['v6.4.2', 'v7.0.0', -1],
  ['10.48.29', '10.48.4', 1],
  ['1.0.0-a2', '1.0.0-alpha2', 0],
  ['3.0.0-RC', '3.0.0', -1],
];

describe('composer.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(composer.compare(a, b)).toBe(want);
    expect(composer.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('normalizeComposer', () => {
  it.each([
    ['v2.1.0-beta2', '2.1.0.0-beta2'],
    ['1.0.0-pl3', '1.0.0.0-patch3'],
    ['1.0', '1.0.0.0'],
    ['1.0.0-rc1', '1.0.0.0-RC1'],
    ['2.x-dev', '2.9999999.9999999.9999999-dev'],
    ['2023.01.15', '2023.01.15.0'],
    ['20230115', '20230115'],
    ['2023-01-15 10:30', null],
    ['2023-01-15', '2023.01.15'],
    ['master', 'dev-master'],
    ['dev-feature/x', 'dev-feature/x'],
    ['foo', null],
    ['1.0.0-gamma', null],
    ['1.0.0.0.0', null],
  ] as const)('%s -> %s', (v, want) => {
    expect(normalizeComposer(v)).toBe(want);
  });
});
