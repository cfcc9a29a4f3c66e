import { describe, expect, it } from 'vitest';
import { alpine } from './alpine.ts';
import type { Ordering } from './types.ts';

// Pairs following apk-tools' version rules and real Alpine secdb fixes.
const cases: [string, string, Ordering][] = [
  ['1.0_alpha1', '1.0_beta1', -1],
  ['1.0_beta1', '1.0_pre1', -1],
  ['1.0_pre1', '1.0_rc1', -1],
  ['1.0_rc1', '1.0', -1],
  ['1.0', '1.0_cvs1', -1],
  ['1.0_cvs1', '1.0_svn1', -1],
  ['1.0_svn1', '1.0_git1', -1],
  ['1.0_git1', '1.0_hg1', -1],
  ['1.0_hg1', '1.0_p1', -1],
  ['1.0_rc1', '1.0_rc2', -1],
  ['1.0_rc10', '1.0_rc9', 1],
  ['1.0-r1', '1.0-r2', -1],
  ['1.0-r10', '1.0-r9', 1],
  ['1.0_p1', '1.0-r5', 1],
  ['1.0a', '1.0', 1],
  ['1.0a', '1.0b', -1],
  ['1.2a', '1.2.1', -1],
  ['3.1.4-r5', '3.1.4_p1-r0', -1],
  ['3.1.4-r5', '3.1.4-r6', -1],
  ['1.1.1w-r1', '1.1.1t-r3', 1],
  ['3.0.12-r0', '3.0.13-r0', -1],
  ['1.36.1-r15', '1.36.1-r19', -1],
  ['2.38_git20230801-r1', '2.38-r1', 1],
  ['1.2.3_rc1-r0', '1.2.3-r0', -1],
  ['8.5.0-r0', '8.10.0-r0', -1],
  ['1.02', '1.1', -1],
  ['1.2.13-r0', '1.2.13-r0', 0],
];

describe('alpine.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(alpine.compare(a, b)).toBe(want);
    expect(alpine.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('alpine.valid', () => {
  it.each([
    ['1.2.3a_rc1_p2-r4', true],
    ['2.38_git20230801-r1', true],
    ['1.0-r', false],
    ['1.0_foo', false],
    ['a1.0', false],
    ['1.0.', false],
    ['1.0ab', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(alpine.valid(v)).toBe(want);
  });
});
