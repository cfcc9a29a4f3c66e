// Zstandard frames (RFC 8878), decoded by Node's built-in zstd stream.
import { createZstdDecompress } from 'node:zlib';
import type { Unpacker } from '../../types.ts';
import { pipeThrough } from '../../../util/reader.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';
import { measureZstd } from '../../../carve/measure/zstd.ts';

// Frame magic 0xFD2FB528, little-endian on disk.
const MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);

export const zstd: Unpacker = {
  name: 'compress/zstd',
  version: 1,
  magic: [{ offset: 0, bytes: MAGIC }],
  measure: measureZstd,
  async identify(head, reader) {
    if (head.length < 9 || !head.subarray(0, 4).equals(MAGIC)) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.tzst': '.tar', '.zst': '', '.zstd': '' });
    await extractSingleStream(ctx, name, (input) => pipeThrough(input, createZstdDecompress()));
  },
};
