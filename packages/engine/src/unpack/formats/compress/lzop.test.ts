// lzop and the LZO1X decoder: the lzop -9 fixture (three blocks, Adler-32), a
// CRC-32 sample, checksum and corruption failures, and fuzzing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lzop } from './lzop.ts';
import { lzo1xDecompress } from '../../codecs/lzo1x.ts';
import { adler32 } from '../../codecs/adler32.ts';
import { openReader } from '../../../util/reader.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FIXTURE = readFileSync(new URL('../../../../fixtures/unpack/lzop/rootfs.tar.lzo', import.meta.url));
/** `printf 'hello lzop, hello lzop, hello lzop crc\n' > c.txt; lzop --crc32 -o c.lzo c.txt` */
const CRC = Buffer.from(
  'iUxaTwANChoKEEAgoBABAQUDABEAAACBpGsDh4AAAAAABWMudHh0Nc0/mQAAACcAAAAj3oK+JAloZWxsbyBsem9wLCAqLAAMaGVsbG8gbHpvcCBjcmMKEQAAAAAAAA==',
  'base64',
);
const CRC_TEXT = 'hello lzop, hello lzop, hello lzop crc\n';
/** Offset of the CRC sample's first block header: magic 9 + header 25 + name 5 + checksum 4. */
const CRC_BLOCK = 43;

const sha256 = (text: string): string => createHash('sha256').update(text, 'latin1').digest('hex');

describe('compress/lzop', () => {
  it('lzop -9: three blocks decoded, named from the stored name', async () => {
    const out = await runUnpacker(lzop, FIXTURE, {}, 'whatever.lzo');
    expect(out.problems).toEqual([]);
    expect(Object.keys(out.members)).toEqual(['rootfs.tar']);
    const tar = out.members['rootfs.tar'] ?? '';
    expect(tar.length).toBe(532480);
    expect(sha256(tar)).toBe('57bbfa54b1db71e5444cf23ad9ec28559a79b4284ca133d5411e0b29db7d5978');
  });

  it('CRC-32 checksums (--crc32), and the length a carver measures', async () => {
    expect(await runUnpacker(lzop, CRC)).toEqual({ identified: true, members: { 'c.txt': CRC_TEXT }, problems: [] });
    expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
    const withTail = Buffer.concat([CRC, Buffer.from('trailing padding')]);
    const dir = await mkdtemp(join(tmpdir(), 'lzop-'));
    try {
      await writeFile(join(dir, 'x'), withTail);
      const reader = await openReader(join(dir, 'x'));
      expect(await lzop.measure?.(reader, new AbortController().signal)).toBe(CRC.length);
      await reader.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a compressed-data checksum is checked when the flags ask for one', async () => {
    // Set F_CRC32_C (0x200) in the header, fix the header CRC, insert the block's CRC of its compressed bytes.
    const flagsAt = 9 + 2 + 2 + 2 + 1 + 1;
    const header = Buffer.from(CRC.subarray(0, CRC_BLOCK));
    header.writeUInt32BE(header.readUInt32BE(flagsAt) | 0x200, flagsAt);
    header.writeUInt32BE(crc32(header.subarray(9, CRC_BLOCK - 4)), CRC_BLOCK - 4);
    const sizeC = CRC.readUInt32BE(CRC_BLOCK + 4);
    const data = CRC.subarray(CRC_BLOCK + 12, CRC_BLOCK + 12 + sizeC);
    const block = (sum: number): Buffer => {
      const field = Buffer.alloc(4);
      field.writeUInt32BE(sum >>> 0);
      return Buffer.concat([CRC.subarray(CRC_BLOCK, CRC_BLOCK + 12), field, data, Buffer.alloc(4)]);
    };
    expect((await runUnpacker(lzop, Buffer.concat([header, block(crc32(data))]))).members).toEqual({ 'c.txt': CRC_TEXT });
    expect((await runUnpacker(lzop, Buffer.concat([header, block(crc32(data) ^ 1)]))).error).toBe('corrupt: lzop block 0: compressed CRC-32 checksum mismatch after 0 bytes');
  });

  it('a flipped data byte fails its block checksum; a cut stream is truncated', async () => {
    const bad = Buffer.from(CRC);
    bad[CRC_BLOCK + 14] = (bad[CRC_BLOCK + 14] ?? 0) ^ 0x20; // a literal of the first block
    expect((await runUnpacker(lzop, bad)).error).toBe('corrupt: lzop block 0: CRC-32 checksum mismatch after 0 bytes');
    const cut = await runUnpacker(lzop, FIXTURE.subarray(0, 3000), {}, 'r.tar.lzo');
    expect(cut.error).toBe('truncated: input ends inside a block at 12 after 0 bytes');
    const header = Buffer.from(CRC);
    header[20] = (header[20] ?? 0) ^ 1;
    expect((await runUnpacker(lzop, header)).error).toBe('corrupt: lzop header checksum mismatch');
  });

  it('LZO1X: malformed streams are rejected without reading or writing out of bounds', () => {
    const literal = (text: string): Buffer => Buffer.concat([Buffer.from([17 + text.length]), Buffer.from(text), Buffer.from([0x11, 0, 0])]);
    expect(lzo1xDecompress(literal('abc'), 3).toString()).toBe('abc');
    expect(() => lzo1xDecompress(literal('abc'), 2)).toThrow(/output larger/);
    expect(() => lzo1xDecompress(literal('abc').subarray(0, 5), 3)).toThrow(/input ends early/);
    expect(() => lzo1xDecompress(Buffer.concat([literal('abc'), Buffer.from([0])]), 3)).toThrow(/after the end marker/);
    // 'ab' then an M2 match 8 bytes back: before the start of the output.
    expect(() => lzo1xDecompress(Buffer.from([19, 0x61, 0x62, 0x40 | (7 << 2), 0, 0x11, 0, 0]), 16)).toThrow(/match distance 8/);
    // 'ab' then an M2 match of 3 at distance 2: 'ababa'.
    expect(lzo1xDecompress(Buffer.from([19, 0x61, 0x62, 0x40 | (1 << 2), 0, 0x11, 0, 0]), 16).toString()).toBe('ababa');
  });

  it('not lzop: other bytes', async () => {
    expect((await runUnpacker(lzop, Buffer.from('\x89PNG\r\n\x1a\n not an lzop file'))).identified).toBe(false);
  });

  it('fuzzed streams never throw or escape', async () => {
    await fuzzUnpacker(lzop, [CRC, FIXTURE.subarray(0, 4000)], 100, 9);
  });
});
