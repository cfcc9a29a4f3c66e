// One compressed SquashFS block (metadata, data or fragment) to its bytes, with
// each compressor mksquashfs has. xz, lzma, gzip and zstd decode off the main
// thread (liblzma-speed Rust bindings, node:zlib), so several blocks decode at once;
// lzo and lz4 are small JavaScript decoders. No output may exceed `maxOut`.
import { promisify } from 'node:util';
import { inflate, zstdDecompress } from 'node:zlib';
import { lzma, xz } from '@napi-rs/lzma';
import { lzo1xDecompress } from '../codecs/lzo1x.ts';
import { lzmaAloneExtent, xzExtent } from '../codecs/lzma-bounds.ts';
import { decodeBlock as lz4Block } from '../formats/compress/lz4.ts';
import { Compressor } from '../layouts/squashfs-superblock.ts';
import { FormatError } from '../types.ts';

const inflateAsync = promisify(inflate);
const zstdAsync = promisify(zstdDecompress);
/** mksquashfs sizes the dictionary to the block (1 MiB at most); anything far above is hostile. */
const MAX_DICT = 16 * 1024 * 1024;
const NO_HISTORY = Buffer.alloc(0);

export type BlockDecoder = (input: Buffer, maxOut: number) => Promise<Buffer>;

/** The decoder for a superblock compression id, or undefined when it is unknown. */
export function blockDecoder(compression: number): BlockDecoder | undefined {
  const decode = DECODERS[compression];
  if (!decode) return undefined;
  return async (input, maxOut) => {
    let out: Buffer;
    try {
      out = await decode(input, maxOut);
    } catch (err) {
      if (err instanceof FormatError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      throw new FormatError(/unexpected end|truncat|eof/i.test(message) ? 'truncated' : 'corrupt', `SquashFS block: ${message}`);
    }
    if (out.length > maxOut) throw new FormatError('corrupt', `SquashFS block decodes to ${out.length} bytes, over ${maxOut}`);
    return out;
  };
}

const DECODERS: Record<number, BlockDecoder> = {
  [Compressor.gzip]: (input, maxOut) => inflateAsync(input, { maxOutputLength: maxOut }),
  [Compressor.zstd]: (input, maxOut) => zstdAsync(input, { maxOutputLength: maxOut }),
  [Compressor.lzo]: async (input, maxOut) => lzo1xDecompress(input, maxOut),
  [Compressor.lz4]: async (input, maxOut) => lz4Block(input, NO_HISTORY, maxOut),
  [Compressor.xz]: async (input, maxOut) => {
    const extent = xzExtent(input);
    checkExtent(extent.bytes, extent.dict, maxOut, 'xz');
    return xz.decompress(input);
  },
  [Compressor.lzma]: async (input, maxOut) => {
    const extent = lzmaAloneExtent(input);
    // mksquashfs writes the size: an end-marked stream has no bound to check.
    if (extent.bytes === undefined) throw new FormatError('unsupported', 'SquashFS lzma block without its size');
    checkExtent(extent.bytes, extent.dict, maxOut, 'lzma');
    return lzma.decompress(input);
  },
};

function checkExtent(bytes: number, dict: number, maxOut: number, what: string): void {
  if (bytes > maxOut) throw new FormatError('corrupt', `SquashFS ${what} block claims ${bytes} bytes, over ${maxOut}`);
  if (dict > MAX_DICT) throw new FormatError('corrupt', `SquashFS ${what} block asks for a ${dict}-byte dictionary`);
}
