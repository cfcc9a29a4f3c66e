// Length of a bzip2 stream without decoding it: block magics (0x314159265359) and
// the end-of-stream magic (0x177245385090) are found at any bit offset; each block
// magic is followed by that block's CRC, and the stream CRC after the end magic
// must equal their rotate-and-xor combination, which rules out a chance match.
// Streams written back to back (pbzip2, lbzip2) are measured as one payload.
import type { Reader } from '../../util/reader.ts';
import { findBits, readBits, shiftedPatterns } from './bit-pattern.ts';

const BLOCK_PATTERNS = shiftedPatterns(0x314159265359n);
const END_PATTERNS = shiftedPatterns(0x177245385090n);
const WINDOW = 1024 * 1024;
/** Magic + CRC: 80 bits, so 11 bytes cover them at any bit offset. */
const RECORD_BYTES = 11;
const STREAM_HEADER = 4;
const MAX_STREAMS = 10_000;

export async function measureBzip2(reader: Reader, signal: AbortSignal): Promise<number | null> {
  let pos = 0;
  for (let streams = 0; streams < MAX_STREAMS; streams++) {
    const head = await reader.read(pos, STREAM_HEADER);
    if (head.length < STREAM_HEADER || head.toString('latin1', 0, 3) !== 'BZh' || !((head[3] ?? 0) >= 0x31 && (head[3] ?? 0) <= 0x39)) break;
    const end = await streamEnd(reader, pos, signal);
    if (end === null) break;
    pos = end;
  }
  return pos > 0 ? pos : null;
}

async function streamEnd(reader: Reader, start: number, signal: AbortSignal): Promise<number | null> {
  let combined = 0;
  let expectedBit = (start + STREAM_HEADER) * 8; // the first magic follows the header directly
  for (let pos = start; pos < reader.size; pos += WINDOW) {
    signal.throwIfAborted();
    const window = await reader.read(pos, WINDOW + RECORD_BYTES);
    const blocks = findBits(window, BLOCK_PATTERNS, WINDOW).map((bit) => ({ bit: pos * 8 + bit, end: false }));
    const ends = findBits(window, END_PATTERNS, WINDOW).map((bit) => ({ bit: pos * 8 + bit, end: true }));
    for (const hit of [...blocks, ...ends].sort((a, b) => a.bit - b.bit)) {
      if (hit.bit < expectedBit) continue;
      const byte = Math.floor(hit.bit / 8);
      const record = await reader.read(byte, RECORD_BYTES);
      if (record.length < RECORD_BYTES) return null;
      const crc = readBits(record, (hit.bit % 8) + 48, 32);
      if (hit.end) return crc === combined ? Math.ceil((hit.bit + 80) / 8) : null;
      combined = (((combined << 1) | (combined >>> 31)) ^ crc) >>> 0;
      expectedBit = hit.bit + 80;
    }
  }
  return null;
}
