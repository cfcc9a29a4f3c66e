// Length of Zstandard frames (RFC 8878 §3.1.1): the frame header's size comes
// from its descriptor byte; then 3-byte block headers are walked (raw, RLE,
// compressed; each at most 128 KiB) to the last block, plus the optional checksum.
import type { Reader } from '../../util/reader.ts';
import { measureFrames } from './frames.ts';

const FRAME_MAGIC = 0xfd2fb528;
const MAX_BLOCK = 128 * 1024;
const BLOCK_RLE = 1;
const BLOCK_RESERVED = 3;
const DICT_ID_BYTES = [0, 1, 2, 4];
const CONTENT_SIZE_BYTES = [0, 2, 4, 8];

export function measureZstd(reader: Reader, signal: AbortSignal): Promise<number | null> {
  return measureFrames(reader, FRAME_MAGIC, (at) => frameEnd(reader, at, signal), signal);
}

async function frameEnd(reader: Reader, at: number, signal: AbortSignal): Promise<number | null> {
  const descriptor = (await reader.read(at + 4, 1))[0];
  if (descriptor === undefined || (descriptor & 0x08) !== 0) return null; // reserved bit set
  const singleSegment = (descriptor & 0x20) !== 0;
  const sizeFlag = descriptor >> 6;
  const contentSizeBytes = sizeFlag === 0 && singleSegment ? 1 : (CONTENT_SIZE_BYTES[sizeFlag] ?? 0);
  let pos = at + 5 + (singleSegment ? 0 : 1) + (DICT_ID_BYTES[descriptor & 3] ?? 0) + contentSizeBytes;
  for (;;) {
    signal.throwIfAborted();
    const header = await reader.read(pos, 3);
    if (header.length < 3) return null;
    const value = header.readUIntLE(0, 3);
    const type = (value >> 1) & 3;
    const size = value >>> 3;
    if (type === BLOCK_RESERVED || size > MAX_BLOCK) return null;
    pos += 3 + (type === BLOCK_RLE ? 1 : size);
    if (value & 1) break; // last block
  }
  if (descriptor & 0x04) pos += 4; // content checksum
  return pos <= reader.size ? pos : null;
}
