import { describe, expect, it } from 'vitest';
import { generic } from './generic.ts';
import type { Ordering } from './types.ts';

// Versions as binaries print them: OpenSSL letter releases, BusyBox, Linux
// kernel (with -rc), date-style and common libraries.
const cases: [string, string, Ordering][] = [
  ['1.0.2k', '1.0.2za', -1],
  ['1.0.2za', '1.0.2zb', -1],
  ['1.0.2', '1.0.2a', -1],
  ['1.0.2z', '1.0.2za', -1],
  ['1.1.1w', '3.0.0', -1],
  ['0.9.8zh', '1.0.0', -1],
  ['1.0.1g', '1.0.1f', 1],
  ['1.1.0l', '1.1.1', -1],
  ['3.0.0-alpha1', '3.0.0', -1],
  ['3.0.0-beta2', '3.0.0-alpha17', 1],
  ['3.0.13', '3.0.9', 1],
  ['1.36.1', '1.36.0', 1],
  ['1.35.0', '1.36.1', -1],
  ['1.4.2', '1.36.1', -1],
  ['5.10.0', '5.10.217', -1],
  ['6.1-rc3', '6.1', -1],
  ['6.1-rc3', '6.1-rc10', -1],
  ['6.1-rc3', '6.0.19', 1],
  ['6.1', '6.1.0', 0],
  ['4.19.325', '5.4.0', -1],
  ['2023.01', '2023.02', -1],
  ['20230101', '20230102', -1],
  ['2022.12', '2023.01', -1],
  ['2023.01', '2023.1', 0],
  ['7.88.1', '8.0.0', -1],
  ['v2.4.1', '2.4.1', 0],
  ['1.2.13', '1.2.9', 1],
  ['3.40.0', '3.41.2', -1],
  ['1.0.2u', '1.0.2.1', -1],
];

describe('generic.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(generic.compare(a, b)).toBe(want);
    expect(generic.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('generic.valid', () => {
  it.each([
    ['1.0.2za', true],
    ['5.10.0-28+deb12u1', true],
    ['', false],
    ['abc', false],
    ['1.0 beta', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(generic.valid(v)).toBe(want);
  });

  it('falls back deterministically on invalid input', () => {
    expect(generic.compare('abc', 'abd')).toBe(-1);
    expect(generic.compare('1.0 beta', '1.0 beta')).toBe(0);
  });
});
