// LZ4 frame format (lz4 CLI's .lz4) and the legacy frame (`lz4 -l`, Linux
// kernel images), decoded by our own block decoder. Concatenated and skippable
// frames are walked. A block is at most 4 MiB (legacy 8 MiB): memory stays flat.
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { type ByteSource, decoderStream } from '../../byte-source.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';
import { measureLz4 } from '../../../carve/measure/lz4.ts';

const FRAME_MAGIC = 0x184d2204;
const LEGACY_MAGIC = 0x184c2102;
const LEGACY_BLOCK = 8 * 1024 * 1024;
/** Dependent blocks may reference the previous 64 KiB of output. */
const WINDOW = 64 * 1024;

export const lz4: Unpacker = {
  name: 'compress/lz4',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x04, 0x22, 0x4d, 0x18]) }],
  measure: measureLz4,
  async identify(head, reader) {
    if (head.length < 7) return null;
    const magic = head.readUInt32LE(0);
    // FLG version bits 7-6 must be 01.
    if (magic === FRAME_MAGIC && ((head[4] ?? 0) & 0xc0) === 0x40) return { start: 0, end: reader.size };
    if (magic === LEGACY_MAGIC) return { start: 0, end: reader.size };
    return null;
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.tlz4': '.tar', '.lz4': '' });
    await extractSingleStream(ctx, name, (input) => decoderStream(input, decodeFrames));
  },
};

async function* decodeFrames(src: ByteSource): AsyncGenerator<Buffer> {
  let frames = 0;
  while ((await src.fill(4)) >= 4) {
    const magic = (await src.take(4, 'a frame magic')).readUInt32LE(0);
    if (magic === FRAME_MAGIC) yield* decodeFrame(src);
    else if (magic === LEGACY_MAGIC) yield* decodeLegacy(src);
    else if ((magic & 0xfffffff0) === 0x184d2a50) {
      // Skippable frame: 4-byte length, user data.
      const size = (await src.take(4, 'a skippable frame')).readUInt32LE(0);
      for (let left = size; left > 0; ) left -= (await src.take(Math.min(left, 1 << 20), 'a skippable frame')).length;
    } else if (frames > 0) {
      return; // trailing bytes after the last frame, as lz4 -d tolerates
    } else {
      throw new FormatError('corrupt', `not an LZ4 frame (magic ${magic.toString(16)})`);
    }
    frames++;
  }
}

async function* decodeFrame(src: ByteSource): AsyncGenerator<Buffer> {
  const descriptor = await src.take(2, 'the frame descriptor');
  const flg = descriptor[0] ?? 0;
  const bd = descriptor[1] ?? 0;
  if ((flg & 0xc0) !== 0x40) throw new FormatError('unsupported', `LZ4 frame version ${flg >> 6}`);
  const blockChecksum = (flg & 0x10) !== 0;
  const contentChecksum = (flg & 0x04) !== 0;
  const maxBlock = [0, 0, 0, 0, 64 << 10, 256 << 10, 1 << 20, 4 << 20][(bd >> 4) & 7] ?? 0;
  if (maxBlock === 0) throw new FormatError('corrupt', `LZ4 block size code ${(bd >> 4) & 7}`);
  // Content size (8), dictionary id (4), header checksum (1).
  await src.take(((flg & 0x08) !== 0 ? 8 : 0) + ((flg & 0x01) !== 0 ? 4 : 0) + 1, 'the frame descriptor');
  let history: Buffer = Buffer.alloc(0);
  for (;;) {
    const word = (await src.take(4, 'a block header')).readUInt32LE(0);
    if (word === 0) break; // end mark
    const size = word & 0x7fffffff;
    if (size > maxBlock) throw new FormatError('corrupt', `LZ4 block of ${size} bytes exceeds the frame's ${maxBlock}`);
    const data = await src.take(size, 'a block');
    if (blockChecksum) await src.take(4, 'a block checksum');
    const out = (word & 0x80000000) !== 0 ? Buffer.from(data) : decodeBlock(data, history, maxBlock);
    history = keepWindow(history, out);
    yield out;
  }
  if (contentChecksum) await src.take(4, 'the content checksum');
}

async function* decodeLegacy(src: ByteSource): AsyncGenerator<Buffer> {
  // Blocks of compressed-size + data, each decoding to at most 8 MiB, until another magic or the end.
  while ((await src.fill(4)) >= 4) {
    const size = (await src.peek(4)).readUInt32LE(0);
    if (size === LEGACY_MAGIC || size === FRAME_MAGIC) return;
    src.takeBuffered(4);
    if (size > LEGACY_BLOCK + LEGACY_BLOCK / 255 + 16) {
      throw new FormatError('corrupt', `LZ4 legacy block of ${size} bytes`);
    }
    yield decodeBlock(await src.take(size, 'a legacy block'), Buffer.alloc(0), LEGACY_BLOCK);
  }
}

function keepWindow(history: Buffer, out: Buffer): Buffer {
  if (out.length >= WINDOW) return out.subarray(out.length - WINDOW);
  const joined = Buffer.concat([history, out]);
  return joined.subarray(Math.max(0, joined.length - WINDOW));
}

/** One LZ4 block: sequences of literals + (offset, match length); matches may reach into `history`. */
export function decodeBlock(input: Buffer, history: Buffer, maxOut: number): Buffer {
  const out = Buffer.alloc(maxOut);
  let ip = 0;
  let op = 0;
  const bad = (why: string): FormatError => new FormatError('corrupt', `LZ4 block: ${why} at input byte ${ip}`);
  while (ip < input.length) {
    const token = input[ip++] ?? 0;
    let literals = token >> 4;
    if (literals === 15) literals += readLength(input, () => ip, (v) => (ip = v));
    if (ip + literals > input.length) throw bad('literals run past the block');
    if (op + literals > maxOut) throw bad('output exceeds the block size');
    input.copy(out, op, ip, ip + literals);
    ip += literals;
    op += literals;
    if (ip >= input.length) break; // the last sequence has no match
    if (ip + 2 > input.length) throw bad('offset cut short');
    const offset = (input[ip] ?? 0) | ((input[ip + 1] ?? 0) << 8);
    ip += 2;
    let length = token & 15;
    if (length === 15) length += readLength(input, () => ip, (v) => (ip = v));
    length += 4;
    if (offset === 0 || offset > op + history.length) throw bad(`match offset ${offset}`);
    if (op + length > maxOut) throw bad('output exceeds the block size');
    for (let i = 0; i < length; i++, op++) {
      const from = op - offset;
      out[op] = from >= 0 ? (out[from] ?? 0) : (history[history.length + from] ?? 0);
    }
  }
  return out.subarray(0, op);
}

function readLength(input: Buffer, get: () => number, set: (v: number) => void): number {
  let ip = get();
  let total = 0;
  for (;;) {
    if (ip >= input.length) throw new FormatError('corrupt', 'LZ4 block: length cut short');
    const b = input[ip++] ?? 0;
    total += b;
    if (b !== 255) break;
  }
  set(ip);
  return total;
}
