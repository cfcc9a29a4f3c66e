// bzip2, decoded by our own block decoder (Huffman → MTF/RLE2 → inverse BWT →
// RLE1), checked against each block's CRC. A block is at most 900 kB of output
// and, by construction, at most ~2.3 MB of input: memory stays flat.
// Concatenated streams (pbzip2, lbzip2) are read one after another.
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { type ByteSource, decoderStream } from '../../byte-source.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';
import { BitReader, decodeBlock } from '../../codecs/bzip2-block.ts';
import { measureBzip2 } from '../../../carve/measure/bzip2.ts';

const BLOCK_MAGIC = 0x314159265359;
const END_MAGIC = 0x177245385090;
/** Upper bound of one block's compressed size: 900k symbols of at most 20 bits, plus tables. */
const MAX_BLOCK_INPUT = 2_400_000;

export const bzip2: Unpacker = {
  name: 'compress/bzip2',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from('BZh', 'latin1') }],
  measure: measureBzip2,
  async identify(head, reader) {
    // `BZh9` then the first block's (or the end-of-stream) magic.
    if (head.length < 10 || head.toString('latin1', 0, 3) !== 'BZh') return null;
    const level = (head[3] ?? 0) - 0x30;
    if (level < 1 || level > 9) return null;
    const magic = head.readUIntBE(4, 6);
    if (magic !== BLOCK_MAGIC && magic !== END_MAGIC) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.tbz2': '.tar', '.tbz': '.tar', '.bz2': '', '.bz': '' });
    await extractSingleStream(ctx, name, (input) => decoderStream(input, decodeStreams));
  },
};

async function* decodeStreams(src: ByteSource): AsyncGenerator<Buffer> {
  let streams = 0;
  for (;;) {
    const head = await src.peek(4);
    if (head.length < 4 || head.toString('latin1', 0, 3) !== 'BZh') {
      if (streams === 0) throw new FormatError('corrupt', 'not a bzip2 stream');
      return; // trailing bytes after the last stream are ignored, as bzip2 -d does
    }
    const level = (head[3] ?? 0) - 0x30;
    if (level < 1 || level > 9) throw new FormatError('corrupt', `bzip2 block size "${String.fromCharCode(head[3] ?? 0)}"`);
    src.takeBuffered(4);
    yield* decodeStream(src, level * 100_000);
    streams++;
  }
}

async function* decodeStream(src: ByteSource, blockSize: number): AsyncGenerator<Buffer> {
  const tt = new Uint32Array(blockSize);
  let bits = new BitReader(Buffer.alloc(0), 0);
  for (;;) {
    // Refill so that one whole block is in the window, then decode it synchronously.
    const consumed = bits.bytePos;
    const carry = bits.bitOffset;
    if (consumed > 0) src.takeBuffered(consumed);
    await src.fill(MAX_BLOCK_INPUT);
    bits = new BitReader(await src.peek(MAX_BLOCK_INPUT), carry);
    const magic = bits.read48();
    if (magic === END_MAGIC) {
      bits.read(32); // combined CRC; each block's own CRC was checked
      src.takeBuffered(bits.bytePos + (bits.bitOffset > 0 ? 1 : 0));
      return;
    }
    if (magic !== BLOCK_MAGIC) throw new FormatError('corrupt', `bad bzip2 block magic at byte ${src.offset + bits.bytePos}`);
    yield* decodeBlock(bits, tt, blockSize);
  }
}
