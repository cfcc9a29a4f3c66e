// Arcadyan's obfuscated router firmware (as binwalk's deobfuscator documents it): the
// first 4 bytes are a per-model signature; the 32-byte block at 4 and the one at 0x68 are
// swapped, and the block that lands at 4 has its byte pairs swapped and each byte's nibbles
// swapped. The original starts, at 4, with an LZMA header (5d 00 00 80 00), which is why
// an obfuscated image shows `00 d5 08 00` at 0x68. The deobfuscated image from offset 4
// is the member `firmware.lzma`, decoded next round.
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';

const BLOCK = 32;
const BLOCK1 = 4;
const BLOCK2 = 0x68;
const MIN_SIZE = BLOCK2 + BLOCK;
/** 00 d5 08 00: the obfuscated form of the LZMA properties 5d 00 00 80. */
const MARKER = Buffer.from([0x00, 0xd5, 0x08, 0x00]);

export const arcadyan: Unpacker = {
  name: 'firmware/arcadyan',
  version: 1,
  magic: [{ offset: BLOCK2, bytes: MARKER }],
  async identify(head, reader) {
    if (head.length < MIN_SIZE || !head.subarray(BLOCK2, BLOCK2 + 4).equals(MARKER)) return null;
    // The signature has no NUL byte in any known model. (binwalk also wants zeros at 0x70, the
    // high bytes of a known uncompressed size; an encoder that writes "unknown", all ones, is
    // as valid, so that is not asked.)
    if (head.subarray(0, 4).includes(0)) return null;
    return { start: 0, end: reader.size };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const head = deobfuscate(await reader.read(chunk.start, MIN_SIZE));
  const rest = (): Readable => Readable.from(concat(head.subarray(BLOCK1), reader.stream(chunk.start + MIN_SIZE, chunk.end)), { objectMode: false });
  await sink.file('firmware.lzma', rest, {}, signal);
}

async function* concat(first: Buffer, then: Readable): AsyncGenerator<Buffer> {
  yield first;
  for await (const piece of then) yield piece as Buffer;
}

/** Undo the obfuscation of the first MIN_SIZE bytes. */
export function deobfuscate(obfuscated: Buffer): Buffer {
  const out = Buffer.from(obfuscated);
  obfuscated.copy(out, BLOCK1, BLOCK2, BLOCK2 + BLOCK);
  obfuscated.copy(out, BLOCK2, BLOCK1, BLOCK1 + BLOCK);
  for (let i = BLOCK1; i < BLOCK1 + BLOCK; i += 2) {
    const a = out[i] ?? 0;
    const b = out[i + 1] ?? 0;
    out[i] = swapNibbles(b);
    out[i + 1] = swapNibbles(a);
  }
  return out;
}

function swapNibbles(byte: number): number {
  return ((byte & 0x0f) << 4) | (byte >> 4);
}
