// xz (.xz container of LZMA2), decoded by xz-decompress (xz-embedded in WebAssembly)
// as a stream: memory stays flat whatever the input size. xz-embedded refuses
// SHA-256 checks (every RPM's payload has them) and, as built, branch filters before
// LZMA2 (xz'd kernels): those go to our own LZMA2 decoder, which has both.
import { Readable } from 'node:stream';
import xzDecompress from 'xz-decompress';
import type { Unpacker } from '../../types.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';
import { decoderStream } from '../../byte-source.ts';
import { decodeXzLzma2 } from '../../codecs/xz-lzma2.ts';
import { measureXz } from '../../../carve/measure/xz.ts';

// Stream header magic: FD '7zXZ' 00.
const MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);
/** Stream flags byte 7, low nibble: the check type; 0x0A = SHA-256. */
const CHECK_SHA256 = 0x0a;

export const xz: Unpacker = {
  name: 'compress/xz',
  version: 2,
  magic: [{ offset: 0, bytes: MAGIC }],
  measure: measureXz,
  async identify(head, reader) {
    if (head.length < 12 || !head.subarray(0, 6).equals(MAGIC)) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.txz': '.tar', '.xz': '' });
    const head = await ctx.reader.read(ctx.chunk.start, 14);
    // Byte 12 starts the first block header (0: no block), byte 13 is its flags: low 2 bits = filters − 1.
    const filterChain = head[12] !== 0 && ((head[13] ?? 0) & 3) > 0;
    if (((head[7] ?? 0) & 0x0f) === CHECK_SHA256 || filterChain) {
      await extractSingleStream(ctx, name, (input) => decoderStream(input, decodeXzLzma2));
      return;
    }
    await extractSingleStream(ctx, name, (input) =>
      Readable.fromWeb(new xzDecompress.XzReadableStream(Readable.toWeb(input))),
    );
  },
};
