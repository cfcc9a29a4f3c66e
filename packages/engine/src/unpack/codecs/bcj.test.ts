// BCJ filters against xz itself (fixtures/unpack/xz-bcj: `xz --x86|--arm|--armthumb|--powerpc
// --lzma2`; sums.txt holds the sha256 of what `xz -d` gives back).
import { hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BcjDecoder, BcjFilter } from './bcj.ts';
import { decodeXzLzma2 } from './xz-lzma2.ts';
import { decoderStream } from '../byte-source.ts';
import { xz } from '../formats/compress/xz.ts';
import { runUnpacker } from '../../../test/unpack-harness.ts';
import { fixtureTar } from '../../../test/fixture-tar.ts';
import { fuzzUnpacker } from '../../../test/fuzz.ts';

const FUZZ_TIMEOUT = 60_000;

describe('xz branch filters', async () => {
  const files = await fixtureTar('xz-bcj/streams.tar.xz');
  const sums = new Map(
    (files.get('sums.txt') ?? Buffer.alloc(0))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/).reverse() as [string, string]),
  );

  it.each(['x86-program', 'x86-random', 'arm', 'armthumb', 'powerpc'])('%s.xz decodes to what xz -d gives', async (name) => {
    const decoded: Buffer[] = [];
    for await (const piece of decoderStream(Readable.from([files.get(`${name}.xz`) ?? Buffer.alloc(0)]), decodeXzLzma2)) decoded.push(piece as Buffer);
    expect(hash('sha256', Buffer.concat(decoded))).toBe(sums.get(name));
  });

  it('the xz unpacker sends filtered streams to that decoder', async () => {
    const out = await runUnpacker(xz, files.get('arm.xz') ?? Buffer.alloc(0), {}, 'arm.xz');
    expect({ members: Object.keys(out.members), problems: out.problems, error: out.error }).toEqual({ members: ['arm'], problems: [], error: undefined });
  });

  it('x86: the same bytes whatever the pieces it is fed in', () => {
    const filtered = files.get('x86-random.bcj') ?? Buffer.alloc(0);
    for (const size of [1, 3, 5, 7, 4096]) {
      const decoder = new BcjDecoder(BcjFilter.x86);
      const parts: Buffer[] = [];
      for (let at = 0; at < filtered.length; at += size) parts.push(decoder.push(filtered.subarray(at, at + size)));
      parts.push(decoder.end());
      expect(hash('sha256', Buffer.concat(parts))).toBe(sums.get('x86-random'));
    }
  });

  it('an unknown filter id is unsupported', () => {
    expect(() => new BcjDecoder(0x03)).toThrow('xz BCJ filter 0x3');
  });

  it('fuzzed filtered streams never throw or escape', async () => {
    await fuzzUnpacker(xz, ['x86-program', 'arm'].map((name) => files.get(`${name}.xz`) ?? Buffer.alloc(0)), 200, 24);
  }, FUZZ_TIMEOUT);
});
