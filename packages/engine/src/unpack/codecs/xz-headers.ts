// Pieces of the .xz container format (xz file format 1.2.0) shared by the streaming
// decoder (xz-lzma2.ts) and the pre-decode size check (lzma-bounds.ts).
import { FormatError } from '../types.ts';

/** LZMA2's filter id in a block header. */
export const LZMA2_FILTER = 0x21;

/** A multibyte integer (7 bits a byte, at most 9 bytes) at `at`, and where the next field starts. */
export function xzVarint(buf: Buffer, at: number): { value: number; next: number } {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const b = buf[at + i];
    if (b === undefined) throw new FormatError('corrupt', 'xz: varint runs past the data');
    value += (b & 0x7f) * 2 ** (7 * i);
    if ((b & 0x80) === 0) return { value, next: at + i + 1 };
  }
  throw new FormatError('corrupt', 'xz: varint too long');
}

/** LZMA2 dictionary size from its property byte (40: 4 GiB − 1). */
export function lzma2DictionarySize(byte: number): number {
  if (byte > 40) throw new FormatError('corrupt', `xz: LZMA2 dictionary byte ${byte}`);
  return byte === 40 ? 0xffffffff : (2 | (byte & 1)) * 2 ** (Math.floor(byte / 2) + 11);
}
