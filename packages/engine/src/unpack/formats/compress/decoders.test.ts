// Our own decoders: bzip2, LZ4 frame + legacy, LZMA-alone, Unix compress (.Z).
// Samples were made by the real tools on the 54-byte text below:
// `bzip2 -c`, `lz4 -c`, `lz4 -l -c`, `compress -c`, `lzma -c` | base64 -w0.
import { describe, expect, it } from 'vitest';
import { bzip2 } from './bzip2.ts';
import { lz4 } from './lz4.ts';
import { lzma } from './lzma.ts';
import { unixCompress } from './unix-compress.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const TEXT = 'hello compressors\n'.repeat(3);
const b64 = (s: string): Buffer => Buffer.from(s, 'base64');
const SAMPLES = {
  bzip2: b64('QlpoOTFBWSZTWedaII0AAAjRgAAQQAAKRtgAIAAiv9VAPU0IBppopGXFNuo4uiPKbRp18XckU4UJDnWiCNA='),
  lz4: b64('BCJNGGRApx0AAAD/A2hlbGxvIGNvbXByZXNzb3JzChIADFBzb3JzCgAAAABf6o6n'),
  lz4Legacy: b64('AiFMGB0AAAD/A2hlbGxvIGNvbXByZXNzb3JzChIADFBzb3JzCg=='),
  z: b64('H52QaMqwYfMGxJg3beDIKTNnzhs5cxQEHFjwYMKFDR9GnEjQIEKFDB1CVAA='),
  lzma: b64('XQAAgAD//////////wA0GUnujekSFAmXrhSOHJNZY8jq5dgva2v//3ZIAAA='),
};

describe('own decoders', () => {
  it.each([
    ['bzip2', bzip2, SAMPLES.bzip2, 'notes.txt.bz2', 'notes.txt'],
    ['lz4 frame', lz4, SAMPLES.lz4, 'notes.txt.lz4', 'notes.txt'],
    ['lz4 legacy', lz4, SAMPLES.lz4Legacy, 'vmlinux.lz4', 'vmlinux'],
    ['unix compress', unixCompress, SAMPLES.z, 'notes.txt.Z', 'notes.txt'],
    ['lzma-alone', lzma, SAMPLES.lzma, 'notes.txt.lzma', 'notes.txt'],
  ] as const)('%s decodes what the real tool made', async (_label, unpacker, bytes, fileName, outName) => {
    expect(await runUnpacker(unpacker, bytes, {}, fileName)).toEqual({ identified: true, members: { [outName]: TEXT }, problems: [] });
  });

  it('lzma-alone: a known uncompressed size ends the stream without needing the end marker', async () => {
    const sized = Buffer.from(SAMPLES.lzma);
    sized.writeUInt32LE(TEXT.length, 5);
    sized.writeUInt32LE(0, 9);
    expect((await runUnpacker(lzma, sized, {}, 'a.lzma')).members).toEqual({ a: TEXT });
  });

  it('bzip2: concatenated streams (pbzip2) decode one after another', async () => {
    const two = Buffer.concat([SAMPLES.bzip2, SAMPLES.bzip2]);
    expect((await runUnpacker(bzip2, two, {}, 'x.bz2')).members).toEqual({ x: TEXT + TEXT });
  });

  it('bzip2: a flipped data bit fails the block CRC', async () => {
    const bad = Buffer.from(SAMPLES.bzip2);
    bad[30] = (bad[30] ?? 0) ^ 0x01;
    expect((await runUnpacker(bzip2, bad, {}, 'x.bz2')).error).toMatch(/^(checksum-mismatch|corrupt): /);
  });

  it.each([
    ['bzip2', bzip2, SAMPLES.bzip2],
    ['lz4', lz4, SAMPLES.lz4],
    ['lzma', lzma, SAMPLES.lzma],
  ] as const)('%s: truncated input says truncated and keeps the member', async (_label, unpacker, bytes) => {
    const out = await runUnpacker(unpacker, bytes.subarray(0, bytes.length - 12), {}, 'cut.bin');
    expect(out.error ?? '', unpacker.name).toMatch(/^(truncated|corrupt|checksum-mismatch): /);
    expect(Object.keys(out.members)).toEqual(['cut.bin.out']);
  });

  it('unix compress: has no end marker, so a truncated stream is just a shorter output', async () => {
    const out = await runUnpacker(unixCompress, SAMPLES.z.subarray(0, 20), {}, 'cut.Z');
    expect(out.error).toBeUndefined();
    expect(TEXT.startsWith(out.members['cut'] ?? 'x')).toBe(true);
  });

  it('lz4: a bomb stops at the ratio limit', async () => {
    // One 4 MiB block that is a single literal and a 4 MiB - 5 match at offset 1 (lz4 -c of zeros looks alike).
    const block = Buffer.from([0x1f, 0x00, 0x01, 0x00, ...Array<number>(Math.floor((4 * 1024 * 1024 - 20) / 255)).fill(255), 0, 0x10, 0x00]);
    const frame = Buffer.concat([Buffer.from([0x04, 0x22, 0x4d, 0x18, 0x60, 0x70, 0x73]), u32(block.length), block, u32(0)]);
    const out = await runUnpacker(lz4, Buffer.concat([frame, frame, frame]), { maxCompressionRatio: 20 }, 'bomb.lz4');
    expect(out.members).toEqual({});
    expect(out.problems.map((p) => p.code)).toEqual(['limit-exceeded']);
  });

  it('identify by magic only', async () => {
    for (const unpacker of [bzip2, lz4, lzma, unixCompress]) {
      expect((await runUnpacker(unpacker, Buffer.from('plain text that is long enough to look at'))).identified).toBe(false);
    }
  });

  it.each([
    ['bzip2', bzip2, [SAMPLES.bzip2]],
    ['lz4', lz4, [SAMPLES.lz4, SAMPLES.lz4Legacy]],
    ['unix compress', unixCompress, [SAMPLES.z]],
    ['lzma', lzma, [SAMPLES.lzma]],
  ] as const)('%s: fuzzed input never throws or escapes', async (_label, unpacker, samples) => {
    await fuzzUnpacker(unpacker, [...samples]);
  });
});

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}
