// Length of LZ4 frames (LZ4 frame format 1.6.x): the descriptor (FLG, BD, optional
// content size and dictionary id, header checksum), then blocks of a 4-byte size
// (high bit: stored) and optional block checksum, to the zero end mark and the
// optional content checksum. Legacy frames have no end mark and are not measured.
import type { Reader } from '../../util/reader.ts';
import { measureFrames } from './frames.ts';

const FRAME_MAGIC = 0x184d2204;
const SIZE_MASK = 0x7fffffff; // the high bit marks a stored block
/** Block maximum sizes by BD bits 6-4 (values 4-7). */
const BLOCK_MAX: Record<number, number> = { 4: 64 * 1024, 5: 256 * 1024, 6: 1024 * 1024, 7: 4 * 1024 * 1024 };

export function measureLz4(reader: Reader, signal: AbortSignal): Promise<number | null> {
  return measureFrames(reader, FRAME_MAGIC, (at) => frameEnd(reader, at, signal), signal);
}

async function frameEnd(reader: Reader, at: number, signal: AbortSignal): Promise<number | null> {
  const descriptor = await reader.read(at + 4, 2);
  const flags = descriptor[0] ?? 0;
  const bd = descriptor[1] ?? 0;
  const blockMax = BLOCK_MAX[(bd >> 4) & 7];
  // Version 01, reserved bits zero.
  if (descriptor.length < 2 || (flags & 0xc2) !== 0x40 || (bd & 0x8f) !== 0 || blockMax === undefined) return null;
  const blockChecksum = (flags & 0x10) !== 0;
  let pos = at + 6 + (flags & 0x08 ? 8 : 0) + (flags & 0x01 ? 4 : 0) + 1; // + header checksum byte
  for (;;) {
    signal.throwIfAborted();
    const size = await reader.read(pos, 4);
    if (size.length < 4) return null;
    const value = size.readUInt32LE(0);
    pos += 4;
    if (value === 0) break; // end mark
    const length = value & SIZE_MASK;
    if (length > blockMax) return null;
    pos += length + (blockChecksum ? 4 : 0);
  }
  if (flags & 0x04) pos += 4; // content checksum
  return pos <= reader.size ? pos : null;
}
