// xz (.xz container of LZMA2), decoded by xz-decompress (xz-embedded in WebAssembly)
// as a stream: memory stays flat whatever the input size.
import { Readable } from 'node:stream';
import xzDecompress from 'xz-decompress';
import type { Unpacker } from '../../types.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';

// Stream header magic: FD '7zXZ' 00.
const MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);

export const xz: Unpacker = {
  name: 'compress/xz',
  version: 1,
  async identify(head, reader) {
    if (head.length < 12 || !head.subarray(0, 6).equals(MAGIC)) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.txz': '.tar', '.xz': '' });
    await extractSingleStream(ctx, name, (input) =>
      Readable.fromWeb(new xzDecompress.XzReadableStream(Readable.toWeb(input))),
    );
  },
};
