// PNG (ISO/IEC 15948): the 8-byte signature, then chunks of length (u32 BE), type, data and
// CRC32 over type and data, from IHDR to IEND. A carved PNG must start with a well-formed
// IHDR (its CRC checked) and end at IEND.
import { crc32 } from 'node:zlib';
import type { Carvable } from './carvable.ts';

const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** Chunks walked at most; a real PNG has a few dozen (a few thousand IDATs at worst). */
const MAX_CHUNKS = 100_000;
const MAX_CHUNK = 0x7fffffff;

export const png: Carvable = {
  name: 'image/png',
  magic: [{ offset: 0, bytes: SIGNATURE }],
  async identify(head, reader) {
    if (head.length < 33 || !head.subarray(0, 8).equals(SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR' || head.readUInt32BE(8) !== 13) return null;
    if (crc32(head.subarray(12, 29)) !== head.readUInt32BE(29)) return null;
    let at = 8;
    for (let n = 0; n < MAX_CHUNKS; n++) {
      const chunk = await reader.read(at, 8);
      if (chunk.length < 8) return null;
      const length = chunk.readUInt32BE(0);
      // Chunk types are four ASCII letters.
      if (length > MAX_CHUNK || !/^[A-Za-z]{4}$/.test(chunk.toString('latin1', 4, 8))) return null;
      at += 12 + length;
      if (at > reader.size) return null;
      if (chunk.toString('latin1', 4, 8) === 'IEND') return { start: 0, end: at };
    }
    return null;
  },
};
