// Unix `compress` (.Z): LZW with 9..16-bit codes. Codes come in groups of 8
// (n_bits bytes); when the code width grows or a CLEAR code resets the table,
// the rest of the group is padding (ncompress and gzip's unlzw.c agree).
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { type ByteSource, OutputBuffer, decoderStream } from '../../byte-source.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';

const INIT_BITS = 9;
const CLEAR = 256;
const BLOCK_MODE = 0x80;

export const unixCompress: Unpacker = {
  name: 'compress/unix-compress',
  version: 1,
  async identify(head, reader) {
    // 1F 9D, then flags: max bits 9..16 in bits 0-4, bits 5-6 unused.
    if (head.length < 4 || head[0] !== 0x1f || head[1] !== 0x9d) return null;
    const flags = head[2] ?? 0;
    const maxBits = flags & 0x1f;
    if (maxBits < INIT_BITS || maxBits > 16 || (flags & 0x60) !== 0) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const name = decompressedName(ctx.fileName, { '.taz': '.tar', '.tz': '.tar', '.z': '' });
    await extractSingleStream(ctx, name, (input) => decoderStream(input, decodeLzw));
  },
};

async function* decodeLzw(src: ByteSource): AsyncGenerator<Buffer> {
  const header = await src.take(3, 'the header');
  const flags = header[2] ?? 0;
  const maxBits = flags & 0x1f;
  const blockMode = (flags & BLOCK_MODE) !== 0;
  const maxMaxCode = 1 << maxBits;
  const prefix = new Uint16Array(1 << 16);
  const suffix = new Uint8Array(1 << 16);
  for (let i = 0; i < 256; i++) suffix[i] = i;
  const stack = new Uint8Array(1 << 16);
  const out = new OutputBuffer();

  let nBits = INIT_BITS;
  let maxCode = (1 << nBits) - 1;
  let freeEnt = blockMode ? 257 : 256;
  let oldCode = -1;
  let finChar = 0;
  for (;;) {
    const group = await src.peek(nBits);
    if (group.length === 0) break;
    src.takeBuffered(group.length);
    // Codes in this group: a final short group holds floor(bits / nBits) of them.
    const codes = Math.floor((group.length * 8) / nBits);
    let bitPos = 0;
    for (let c = 0; c < codes; c++) {
      const code = readCode(group, bitPos, nBits);
      bitPos += nBits;
      if (oldCode === -1) {
        if (code >= 256) throw new FormatError('corrupt', `first code ${code} is not a literal`);
        oldCode = finChar = code;
        out.push(code);
        continue;
      }
      if (code === CLEAR && blockMode) {
        prefix.fill(0);
        freeEnt = 256;
        nBits = INIT_BITS;
        maxCode = (1 << nBits) - 1;
        break; // the rest of the group is padding
      }
      let sp = 0;
      let cur = code;
      if (cur >= freeEnt) {
        // KwKwK: the code being defined right now.
        if (cur > freeEnt) throw new FormatError('corrupt', `code ${cur} beyond the table (${freeEnt}) at byte ${src.offset}`);
        stack[sp++] = finChar;
        cur = oldCode;
      }
      while (cur >= 256) {
        stack[sp++] = suffix[cur] ?? 0;
        cur = prefix[cur] ?? 0;
      }
      finChar = cur;
      stack[sp++] = cur;
      while (sp > 0) {
        out.push(stack[--sp] ?? 0);
        if (out.full) yield out.flush();
      }
      if (freeEnt < maxMaxCode) {
        prefix[freeEnt] = oldCode;
        suffix[freeEnt] = finChar;
        freeEnt++;
      }
      oldCode = code;
      if (freeEnt > maxCode && nBits < maxBits) {
        nBits++;
        maxCode = nBits === maxBits ? maxMaxCode : (1 << nBits) - 1;
        break; // width grows: the rest of the group is padding
      }
    }
    if (out.length > 0) yield out.flush();
  }
}

/** `bits` bits at bit `pos` of `buf`, least significant first. */
function readCode(buf: Buffer, pos: number, bits: number): number {
  const byte = pos >> 3;
  const word = (buf[byte] ?? 0) | ((buf[byte + 1] ?? 0) << 8) | ((buf[byte + 2] ?? 0) << 16);
  return (word >> (pos & 7)) & ((1 << bits) - 1);
}
