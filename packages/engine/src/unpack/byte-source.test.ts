import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ByteSource } from './byte-source.ts';
import { FormatError } from './types.ts';

/** A stream of `bytes` in chunks of the given sizes (the last chunk takes what is left). */
function chunked(bytes: Buffer, sizes: number[]): Readable {
  const chunks: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) chunks.push(bytes.subarray(at));
  return Readable.from(chunks, { objectMode: false });
}

const BYTES = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7) % 256));

describe('ByteSource', () => {
  it('takes and peeks across chunk boundaries, keeping the stream offset', async () => {
    const source = new ByteSource(chunked(BYTES, [10, 1, 50, 3]));
    expect([...(await source.take(4, 'a head'))]).toEqual([...BYTES.subarray(0, 4)]);
    expect([...(await source.peek(20))]).toEqual([...BYTES.subarray(4, 24)]);
    expect(source.offset).toBe(4);
    expect([...(await source.take(70, 'a block'))]).toEqual([...BYTES.subarray(4, 74)]);
    expect(source.offset).toBe(74);
    expect(await source.fill(1000)).toBe(226);
    expect([...source.takeBuffered(226)]).toEqual([...BYTES.subarray(74)]);
    expect(source.eof).toBe(true);
  });

  it('reads the same bytes whatever the chunks, for any mix of reads', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      let state = seed;
      const next = (max: number): number => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state % max;
      };
      const source = new ByteSource(chunked(BYTES, Array.from({ length: 40 }, () => 1 + next(40))));
      let at = 0;
      while (at < BYTES.length) {
        const n = Math.min(1 + next(60), BYTES.length - at);
        if (next(3) === 0) expect([...(await source.peek(n))]).toEqual([...BYTES.subarray(at, at + n)]);
        expect([...(await source.take(n, 'a piece'))]).toEqual([...BYTES.subarray(at, at + n)]);
        at += n;
        expect(source.offset).toBe(at);
      }
      expect(await source.fill(1)).toBe(0);
    }
  });

  it('says what it was reading when the input ends first', async () => {
    const source = new ByteSource(chunked(BYTES.subarray(0, 10), [4]));
    await expect(source.take(11, 'a header')).rejects.toThrow(new FormatError('truncated', 'input ends inside a header at 0'));
    expect((await source.peek(50)).length).toBe(10);
  });
});
