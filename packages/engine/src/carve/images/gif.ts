// GIF87a/GIF89a: header, logical screen descriptor (with an optional global colour
// table), then blocks: extensions (21, label, data sub-blocks), images (2C, descriptor,
// optional local colour table, LZW code size, data sub-blocks), until the trailer (3B).
// Sub-blocks are a length byte and that many bytes, ending with a 0 length.
import type { Reader } from '../../util/reader.ts';
import type { Carvable } from './carvable.ts';

const MAX_BLOCKS = 100_000;
const MAX_SUB_BLOCKS = 1_000_000;

export const gif: Carvable = {
  name: 'image/gif',
  magic: [
    { offset: 0, bytes: Buffer.from('GIF89a', 'latin1') },
    { offset: 0, bytes: Buffer.from('GIF87a', 'latin1') },
  ],
  async identify(head, reader) {
    if (head.length < 13 || !/^GIF8[79]a$/.test(head.toString('latin1', 0, 6))) return null;
    if (head.readUInt16LE(6) === 0 || head.readUInt16LE(8) === 0) return null;
    const flags = head[10] ?? 0;
    let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
    let images = 0;
    for (let n = 0; n < MAX_BLOCKS; n++) {
      const block = await reader.read(at, 10);
      const kind = block[0];
      if (kind === 0x3b) return images > 0 ? { start: 0, end: at + 1 } : null;
      if (kind === 0x21 && block.length >= 2) {
        const next = await skipSubBlocks(reader, at + 2);
        if (next === null) return null;
        at = next;
      } else if (kind === 0x2c && block.length === 10) {
        const local = block[9] ?? 0;
        at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // descriptor, table, LZW code size
        const next = await skipSubBlocks(reader, at);
        if (next === null) return null;
        at = next;
        images++;
      } else return null;
    }
    return null;
  },
};

async function skipSubBlocks(reader: Reader, from: number): Promise<number | null> {
  let at = from;
  for (let n = 0; n < MAX_SUB_BLOCKS; n++) {
    const length = (await reader.read(at, 1))[0];
    if (length === undefined) return null;
    at += 1 + length;
    if (length === 0) return at;
  }
  return null;
}
