import { describe, expect, it } from 'vitest';
import { pep440 } from './pep440.ts';
import type { Ordering } from './types.ts';

// PEP 440's own ordering example ("Summary of permitted suffixes and
// relative ordering"), as adjacent pairs.
const PEP_ORDER = [
  '1.dev0', '1.0.dev456', '1.0a1', '1.0a2.dev456', '1.0a12.dev456', '1.0a12', '1.0b1.dev456', '1.0b2',
  '1.0b2.post345.dev456', '1.0b2.post345', '1.0b2-346', '1.0c1.dev456', '1.0c1', '1.0rc2', '1.0c3', '1.0',
  '1.0.post456.dev34', '1.0.post456', '1.0.15', '1.1.dev1',
];

const cases: [string, string, Ordering][] = [
  ...PEP_ORDER.slice(1).map((v, i): [string, string, Ordering] => [PEP_ORDER[i] ?? '', v, -1]),
  // Normalisation (PEP 440 "Normalization" section).
  ['1.0', '1.0.0', 0],
  ['1.0a1', '1.0alpha1', 0],
  ['1.0a1', '1.0-a1', 0],
  ['1.0a1', '1.0.a.1', 0],
  ['1.0rc1', '1.0pre1', 0],
  ['1.0rc1', '1.0preview1', 0],
  ['1.0.post1', '1.0-1', 0],
  ['1.0.post1', '1.0r1', 0],
  ['1.0.post1', '1.0rev1', 0],
  ['1.0.post0', '1.0.post', 0],
  ['1.0.dev0', '1.0-dev', 0],
  ['v1.0', '1.0', 0],
  ['1.0A1', '1.0a1', 0],
  ['1.0+ubuntu.1', '1.0+ubuntu-1', 0],
  ['1.0+UBUNTU_1', '1.0+ubuntu.1', 0],
  // Epochs, local versions.
  ['1!1.0', '2.0', 1],
  ['1.0+local.1', '1.0', 1],
  ['1.0+abc', '1.0+5', -1],
  ['1.0+1.2', '1.0+1.2.3', -1],
  ['1.0+local', '1.0.post1', -1],
  // Real PyPI fixes.
  ['4.2.11', '4.2.14', -1],
  ['3.2', '3.2.25', -1],
  ['2.0.0', '10.0.0', -1],
  ['2.31.0', '2.32.0rc1', -1],
  ['1.0rc1.post1', '1.0rc1', 1],
  ['1.0rc1.post1', '1.0', -1],
  ['1.0.post1.dev1', '1.0', 1],
  ['1.0a1.dev1', '1.0a1', -1],
];

describe('pep440.compare', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(pep440.compare(a, b)).toBe(want);
    expect(pep440.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('pep440.valid', () => {
  it.each([
    ['v1!2.0.0rc1.post2.dev3+ubuntu-1', true],
    ['1.0.dev', true],
    [' 1.0 ', true],
    ['1.0-foo', false],
    ['french toast', false],
    ['1.0+', false],
    ['1..0', false],
    ['', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(pep440.valid(v)).toBe(want);
  });
});
