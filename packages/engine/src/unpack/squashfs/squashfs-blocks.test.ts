// A SquashFS block's decoder never outputs more than the block size: xz and lzma
// blocks are measured from their headers before the native decoder sees them.
// The streams are made by @napi-rs/lzma's encoder, then their headers patched.
import { deflateSync, zstdCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lzma, xz } from '@napi-rs/lzma';
import { lzmaAloneExtent, xzExtent } from '../codecs/lzma-bounds.ts';
import { Compressor } from '../layouts/squashfs-superblock.ts';
import { blockDecoder } from './squashfs-blocks.ts';

const BLOCK = 128 * 1024;
const ZEROS = Buffer.alloc(200_000);
/** Stream header (12 bytes), block header size byte, flags, LZMA2 filter id, its property size, then the dictionary byte. */
const XZ_DICT_BYTE = 16;

function decoder(id: number): NonNullable<ReturnType<typeof blockDecoder>> {
  const decode = blockDecoder(id);
  if (!decode) throw new Error(`no decoder for ${id}`);
  return decode;
}

describe('SquashFS block decoders', () => {
  it('xz: the LZMA2 chunk headers give the output length and the filter its dictionary', async () => {
    const stream = xz.compressSync(ZEROS);
    expect(xzExtent(stream)).toEqual({ bytes: 200_000, dict: 8 * 1024 * 1024 });
    expect((await decoder(Compressor.xz)(stream, ZEROS.length)).equals(ZEROS)).toBe(true);
    await expect(decoder(Compressor.xz)(stream, BLOCK)).rejects.toMatchObject({ code: 'corrupt', message: 'SquashFS xz block claims 200000 bytes, over 131072' });
  });

  it('xz: a huge dictionary or a stream cut short is refused before decoding', async () => {
    const huge = Buffer.from(xz.compressSync(ZEROS));
    huge[XZ_DICT_BYTE] = 40;
    await expect(decoder(Compressor.xz)(huge, ZEROS.length)).rejects.toMatchObject({
      code: 'corrupt',
      message: 'SquashFS xz block asks for a 4294967295-byte dictionary',
    });
    const cut = xz.compressSync(ZEROS).subarray(0, 30);
    await expect(decoder(Compressor.xz)(cut, ZEROS.length)).rejects.toMatchObject({ code: 'truncated' });
  });

  it('lzma: the header size bounds the output; an end-marked stream has no bound', async () => {
    const marked = lzma.compressSync(ZEROS);
    expect(lzmaAloneExtent(marked)).toEqual({ bytes: undefined, dict: 8 * 1024 * 1024 });
    await expect(decoder(Compressor.lzma)(marked, ZEROS.length)).rejects.toMatchObject({ code: 'unsupported' });
    const sized = Buffer.from(marked);
    sized.writeBigUInt64LE(200_000n, 5);
    expect((await decoder(Compressor.lzma)(sized, ZEROS.length)).equals(ZEROS)).toBe(true);
    await expect(decoder(Compressor.lzma)(sized, BLOCK)).rejects.toMatchObject({ code: 'corrupt', message: 'SquashFS lzma block claims 200000 bytes, over 131072' });
  });

  it('gzip and zstd stop at the block size; an unknown compressor has no decoder', async () => {
    await expect(decoder(Compressor.gzip)(deflateSync(ZEROS), BLOCK)).rejects.toMatchObject({ code: 'corrupt' });
    await expect(decoder(Compressor.zstd)(zstdCompressSync(ZEROS), BLOCK)).rejects.toMatchObject({ code: 'corrupt' });
    expect(blockDecoder(7)).toBeUndefined();
  });
});
