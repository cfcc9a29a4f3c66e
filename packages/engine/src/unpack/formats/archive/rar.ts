// RAR archives (RAR 1.5–4.x and RAR5), through 7-Zip with its RAR codecs. The
// chunk's real length comes from walking the block headers to the end-of-archive
// block, so a RAR inside a flash dump or behind an SFX stub can be carved.
import type { Reader } from '../../../util/reader.ts';
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

const RAR4 = Buffer.from('Rar!\x1a\x07\x00', 'latin1');
const RAR5 = Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1');
/** Archives with more blocks than this are measured as "the rest of the file". */
const MAX_BLOCKS = 200_000;
const RAR4_END = 0x7b;
const RAR4_FILE = 0x74;
const RAR5_END = 5;

export const rar: Unpacker = {
  name: 'archive/rar',
  version: 1,
  magic: [
    { offset: 0, bytes: RAR4 },
    { offset: 0, bytes: RAR5 },
  ],
  async measure(reader) {
    return measureRar(reader);
  },
  async identify(head, reader) {
    if (!head.subarray(0, 8).equals(RAR5) && !head.subarray(0, 7).equals(RAR4)) return null;
    return { start: 0, end: (await measureRar(reader)) ?? reader.size };
  },
  async extract(ctx) {
    const head = await ctx.reader.read(ctx.chunk.start, RAR5.length);
    await extractWith7z(ctx, head.equals(RAR5) ? 'rar5' : 'rar');
  },
};

/** Offset just past the end-of-archive block, or null when the headers do not lead there. */
export async function measureRar(reader: Reader): Promise<number | null> {
  const head = await reader.read(0, 8);
  if (head.equals(RAR5)) return walkRar5(reader);
  if (head.subarray(0, 7).equals(RAR4)) return walkRar4(reader);
  return null;
}

/** RAR 1.5–4.x: CRC16, type, flags, header size, then ADD_SIZE/PACK_SIZE when flagged. */
async function walkRar4(reader: Reader): Promise<number | null> {
  let at = RAR4.length;
  for (let blocks = 0; blocks < MAX_BLOCKS && at + 7 <= reader.size; blocks++) {
    const block = await reader.read(at, 36);
    if (block.length < 7) return null;
    const type = block[2] ?? 0;
    const flags = block.readUInt16LE(3);
    const size = block.readUInt16LE(5);
    if (size < 7) return null;
    let data = 0;
    // Long blocks (bit 15) and file blocks carry the data size after the header fields.
    if ((flags & 0x8000 || type === RAR4_FILE) && block.length >= 11) data = block.readUInt32LE(7);
    if (type === RAR4_FILE && flags & 0x100 && block.length >= 36) data += block.readUInt32LE(32) * 2 ** 32;
    at += size + data;
    if (type === RAR4_END) return at <= reader.size ? at : null;
  }
  return null;
}

/** RAR5: CRC32, vint header size, then type, flags, extra and data sizes as vints. */
async function walkRar5(reader: Reader): Promise<number | null> {
  let at = RAR5.length;
  for (let blocks = 0; blocks < MAX_BLOCKS && at + 7 <= reader.size; blocks++) {
    const block = await reader.read(at, 4 + 5 * 10);
    const fields = readVints(block, 4, 5);
    const [size, type, flags] = fields;
    if (fields.length < 3 || size === undefined || type === undefined || flags === undefined || size === 0) return null;
    const headerStart = at + 4 + vintLength(block, 4);
    let data = 0;
    if (flags & 0x0002) {
      // Extra area size comes first when flag 1 is set, then the data size.
      const value = fields[flags & 0x0001 ? 4 : 3];
      if (value === undefined) return null;
      data = value;
    }
    at = headerStart + size + data;
    if (type === RAR5_END) return at <= reader.size ? at : null;
  }
  return null;
}

/** Up to `count` vints from `at`; stops at a malformed one (longer than 10 bytes or cut). */
function readVints(bytes: Buffer, at: number, count: number): number[] {
  const out: number[] = [];
  let pos = at;
  while (out.length < count) {
    let value = 0;
    let shift = 0;
    let done = false;
    for (let i = 0; i < 10 && pos < bytes.length; i++) {
      const byte = bytes[pos++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if ((byte & 0x80) === 0) {
        done = true;
        break;
      }
    }
    if (!done || !Number.isSafeInteger(value)) return out;
    out.push(value);
  }
  return out;
}

function vintLength(bytes: Buffer, at: number): number {
  let n = 1;
  while (at + n - 1 < bytes.length && ((bytes[at + n - 1] ?? 0) & 0x80) !== 0 && n < 10) n++;
  return n;
}
