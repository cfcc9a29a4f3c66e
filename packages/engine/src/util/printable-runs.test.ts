import { describe, expect, it } from 'vitest';
import { printableRuns } from './printable-runs.ts';

/** The plain definition: one closure call per byte, three passes. */
function reference(bytes: Buffer, min: number): { text: string; offset: number; width: number }[] {
  const out: { text: string; offset: number; width: number }[] = [];
  const printable = (b: number): boolean => (b >= 0x20 && b < 0x7f) || b === 9 || b === 10 || b === 13;
  let start = -1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && printable(bytes[i] ?? 0)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= min) out.push({ text: bytes.toString('latin1', start, i), offset: start, width: 1 });
      start = -1;
    }
  }
  for (const parity of [0, 1]) {
    start = -1;
    for (let i = parity; i + 1 <= bytes.length; i += 2) {
      const ok = i + 1 < bytes.length && bytes[i + 1] === 0 && printable(bytes[i] ?? 0);
      if (ok) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        if ((i - start) / 2 >= min) out.push({ text: bytes.subarray(start, i).toString('utf16le'), offset: start, width: 2 });
        start = -1;
      }
    }
  }
  return out;
}

describe('printableRuns', () => {
  it('finds ASCII and UTF-16LE runs with their offsets', () => {
    const bytes = Buffer.concat([Buffer.from('\0\0long enough\x01short\x02'), Buffer.from('wide string!', 'utf16le'), Buffer.from([0xff])]);
    expect(printableRuns(bytes, 8)).toEqual([
      { text: 'long enough', offset: 2, width: 1 },
      { text: 'wide string!', offset: 20, width: 2 },
    ]);
  });

  it('agrees with the plain definition on random bytes of every length and parity', () => {
    let seed = 5;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = [0, 0, 0, 0x41, 0x62, 0x20, 0x0a, 0x09, 0x7f, 0xe9, 0x01];
    for (let round = 0; round < 300; round++) {
      const bytes = Buffer.from(Array.from({ length: random(120) }, () => alphabet[random(alphabet.length)] ?? 0));
      const min = 1 + (round % 6);
      expect(printableRuns(bytes, min)).toEqual(reference(bytes, min));
    }
  });
});
