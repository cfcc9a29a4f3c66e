import { describe, expect, it } from 'vitest';
import { base32Bytes, marvin32 } from './checks.ts';

const fold = (hash64: bigint): number => Number((hash64 >> 32n) ^ (hash64 & 0xffffffffn));

describe('marvin32', () => {
  // Vectors of the .NET runtime's Marvin tests (64-bit results, folded the way Marvin32 folds them).
  const SEED0 = 0x004fb61a001bdbccn;
  it.each([
    ['', SEED0, 0x30ed35c100cd3c7dn],
    ['af', SEED0, 0x48e73fc77d75ddc1n],
    ['e70f', SEED0, 0xb5f6e1fc485dbff8n],
    ['37f495', SEED0, 0xf0b07c789b8cf7e8n],
    ['8642dc59', SEED0, 0x7008f2e87e9cf556n],
    ['153fb79826', SEED0, 0xe6c08c6da2afa997n],
    ['0932e6246c47', SEED0, 0x6f04bf1a5ea24060n],
    ['ab427ea8d10fc7', SEED0, 0xe11847e4f0678c41n],
  ])('%s', (hex, seed, want) => {
    expect(marvin32(Buffer.from(hex, 'hex'), seed)).toBe(fold(want));
  });

  it('an ASCII input under another seed', () => {
    expect(marvin32(Buffer.from('abc'), 0xd53cd9cecd0893b7n)).toBe(0x6be02a86);
  });
});

describe('base32Bytes', () => {
  it('decodes RFC 4648 test vectors and refuses other characters', () => {
    expect(base32Bytes('MZXW6YTBOI')?.toString()).toBe('foobar');
    expect(base32Bytes('mzxw6')?.toString()).toBe('foo');
    expect(base32Bytes('mz1w6')).toBeUndefined();
  });
});
