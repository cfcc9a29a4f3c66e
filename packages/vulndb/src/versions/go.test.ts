import { describe, expect, it } from 'vitest';
import { go } from './go.ts';
import type { Ordering } from './types.ts';

// Pairs from golang.org/ref/mod (pseudo-versions, +incompatible) and the Go
// vulnerability database, which writes versions without the "v".
const cases: [string, string, Ordering][] = [
  ['v1.2.3', 'v1.10.0', -1],
  ['v0.0.0-20191109021931-daa7c04131f5', 'v0.0.0-20200101000000-abcdef012345', -1],
  ['v0.0.0-20191109021931-daa7c04131f5', 'v0.1.0', -1],
  ['v1.2.4-0.20191109021931-daa7c04131f5', 'v1.2.3', 1],
  ['v1.2.4-0.20191109021931-daa7c04131f5', 'v1.2.4', -1],
  ['v1.2.3-pre.0.20191109021931-daa7c04131f5', 'v1.2.3-pre', 1],
  ['v1.2.3-pre.0.20191109021931-daa7c04131f5', 'v1.2.3', -1],
  ['v2.0.0+incompatible', 'v2.0.0', 0],
  ['v2.0.0+incompatible', 'v2.0.1+incompatible', -1],
  ['v1', 'v1.0.0', 0],
  ['v1.2', 'v1.2.0', 0],
  ['1.6.0', 'v1.6.0', 0],
  ['0.0.0-20220314234659-1baeb1ce4c0b', '0.0.0-20220315000000-000000000000', -1],
  ['v1.21.0-rc.2', 'v1.21.0', -1],
  ['v1.21.0-rc.2', 'v1.21.0-rc.10', -1],
  ['1.20.14', '1.21.7', -1],
  ['v0.17.0', 'v0.9.0', 1],
  ['v1.0.0-alpha', 'v1.0.0-beta', -1],
  ['v0.0.0-00010101000000-000000000000', 'v0.0.0', -1],
  ['v3.0.0', 'v2.99.99', 1],
  ['v1.5.4', 'v1.5.4', 0],
  ['v1.4.0', 'v1.4.0-rc.1', 1],
  ['v0.3.7', 'v0.3.8-0.20210927213007-3a6f6bd1e4c7', -1],
  ['v1.11.1', 'v1.11.10', -1],
  ['v0.1.0', 'v0.0.0-20240101000000-000000000000', 1],
];

describe('go.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(go.compare(a, b)).toBe(want);
    expect(go.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('go.valid', () => {
  it.each([
    ['v0.0.0-20191109021931-daa7c04131f5', true],
    ['v2.0.0+incompatible', true],
    ['1.6.0', true],
    ['v1', true],
    ['v1.02.0', false],
    ['v1.2.3.4', false],
    ['vv1.0.0', false],
    ['latest', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(go.valid(v)).toBe(want);
  });
});
