// .xz container with LZMA2 blocks, decoded by our LZMA decoder. Used for the
// streams xz-decompress (xz-embedded) refuses: SHA-256 checks, as every RPM's
// xz payload has, and branch filters before LZMA2 (BCJ x86, ARM, ARM-Thumb,
// PowerPC: xz'd kernels); other chains are unsupported. Checks are skipped, not
// verified; decoding stops at the first index.
import { FormatError } from '../types.ts';
import { BcjDecoder } from './bcj.ts';
import type { ByteSource } from '../byte-source.ts';
import { LzmaDecoder } from './lzma.ts';
import { LZMA2_FILTER, lzma2DictionarySize, xzVarint } from './xz-headers.ts';

const CHECK_SIZES: Record<number, number> = { 0: 0, 1: 4, 4: 8, 10: 32 };
const MAX_WINDOW = 256 * 1024 * 1024;

export async function* decodeXzLzma2(src: ByteSource): AsyncGenerator<Buffer> {
  const header = await src.take(12, 'the xz stream header');
  const checkType = (header[7] ?? 0) & 0x0f;
  // Checks 2-3, 5-9, 11-15 are reserved but have fixed sizes: 4, 8, 16, 32, 64 bytes.
  const checkSize = CHECK_SIZES[checkType] ?? 4 << Math.floor((checkType - 1) / 3);
  for (;;) {
    const sizeByte = (await src.take(1, 'a block header'))[0] ?? 0;
    if (sizeByte === 0) return; // the index: every block is decoded
    const blockHeader = await src.take(sizeByte * 4 + 3, 'a block header');
    const { dictSize, bcj } = parseBlockHeader(blockHeader);
    const start = src.offset;
    if (bcj) {
      for await (const piece of decodeLzma2(src, dictSize)) yield bcj.push(piece);
      yield bcj.end();
    } else yield* decodeLzma2(src, dictSize);
    const padding = (4 - ((src.offset - start) % 4)) % 4;
    await src.take(padding + checkSize, 'block padding and check');
  }
}

/** The block's LZMA2 dictionary size and branch filter, if any; throws for other filter chains. */
function parseBlockHeader(h: Buffer): { dictSize: number; bcj?: BcjDecoder } {
  const flags = h[0] ?? 0;
  let pos = 1;
  const varint = (): number => {
    const { value, next } = xzVarint(h, pos);
    pos = next;
    return value;
  };
  if (flags & 0x40) varint(); // compressed size
  if (flags & 0x80) varint(); // uncompressed size
  const filters = (flags & 3) + 1;
  let bcj: BcjDecoder | undefined;
  if (filters === 2) {
    const id = varint();
    const propsSize = varint();
    // A branch filter's only property is its start offset (4 bytes, little endian), often absent.
    if (propsSize !== 0 && propsSize !== 4) throw new FormatError('unsupported', `xz filter 0x${id.toString(16)} with ${propsSize} property bytes`);
    if (pos + propsSize > h.length) throw new FormatError('corrupt', 'xz: filter properties run past the block header');
    const start = propsSize === 4 ? h.readUInt32LE(pos) : 0;
    pos += propsSize;
    bcj = new BcjDecoder(id, start);
  }
  const id = varint();
  const propsSize = varint();
  if (filters > 2 || id !== LZMA2_FILTER || propsSize !== 1) {
    throw new FormatError('unsupported', `xz filter chain of ${filters} filter(s) ending with 0x${id.toString(16)}`);
  }
  // The two reserved bits are ignored here, as this decoder always has.
  const dictSize = lzma2DictionarySize((h[pos] ?? 0) & 0x3f);
  return bcj ? { dictSize, bcj } : { dictSize };
}

async function* decodeLzma2(src: ByteSource, dictSize: number): AsyncGenerator<Buffer> {
  let decoder: LzmaDecoder | undefined;
  const window = Math.min(dictSize, MAX_WINDOW);
  for (;;) {
    const control = (await src.take(1, 'an LZMA2 chunk'))[0] ?? 0;
    if (control === 0) return;
    if (control === 1 || control === 2) {
      const size = (await src.take(2, 'an LZMA2 chunk')).readUInt16BE(0) + 1;
      decoder ??= new LzmaDecoder({ lc: 0, lp: 0, pb: 0, dictSize }, -1, window);
      if (control === 1) decoder.resetDict();
      yield decoder.putRaw(await src.take(size, 'an uncompressed LZMA2 chunk'));
      continue;
    }
    if (control < 0x80) throw new FormatError('corrupt', `LZMA2 control byte 0x${control.toString(16)}`);
    const sizes = await src.take(4, 'an LZMA2 chunk header');
    const unpacked = (control & 0x1f) * 65536 + sizes.readUInt16BE(0) + 1;
    const packed = sizes.readUInt16BE(2) + 1;
    const mode = (control >> 5) & 3;
    if (mode >= 2) {
      const d = (await src.take(1, 'LZMA2 properties'))[0] ?? 0;
      const props = { lc: d % 9, lp: Math.floor(d / 9) % 5, pb: Math.floor(d / 45) };
      if (d >= 225 || props.lc + props.lp > 4) throw new FormatError('corrupt', `LZMA2 properties byte ${d}`);
      if (!decoder) decoder = new LzmaDecoder({ ...props, dictSize }, -1, window);
      decoder.resetState(props);
    } else if (!decoder) {
      throw new FormatError('corrupt', 'LZMA2 chunk without properties');
    } else if (mode === 1) {
      decoder.resetState();
    }
    if (mode === 3) decoder.resetDict();
    decoder.input = await src.take(packed, 'an LZMA2 chunk');
    decoder.inPos = 0;
    decoder.beginChunk(unpacked);
    while (!decoder.finished) {
      decoder.run(0);
      yield decoder.takeOutput();
    }
  }
}
