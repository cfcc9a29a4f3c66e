// Length of an xz stream (xz file format 1.2.1): blocks need not say their sizes,
// so the end is found from the other side: a stream footer (`YZ`) whose CRC holds,
// whose flags repeat the header's, and whose backward size points at an index whose
// CRC holds and whose records add up to exactly the bytes between header and index.
import { crc32 } from 'node:zlib';
import type { Reader } from '../../util/reader.ts';
import { occurrences } from './scan-forward.ts';

const HEADER = 12;
const FOOTER = 12;
const FOOTER_MAGIC = Buffer.from('YZ', 'latin1');
/** An index larger than this (over a million blocks) is not believed. */
const MAX_INDEX = 16 * 1024 * 1024;

export async function measureXz(reader: Reader, signal: AbortSignal): Promise<number | null> {
  const header = await reader.read(0, HEADER);
  if (header.length < HEADER || crc32(header.subarray(6, 8)) !== header.readUInt32LE(8)) return null;
  for await (const magicAt of occurrences(reader, FOOTER_MAGIC, HEADER + FOOTER - 2, signal)) {
    const footerStart = magicAt - (FOOTER - 2);
    if (footerStart % 4 !== 0) continue; // the stream is a multiple of 4 bytes long
    const footer = await reader.read(footerStart, FOOTER);
    if (crc32(footer.subarray(4, 10)) !== footer.readUInt32LE(0)) continue;
    if (!footer.subarray(8, 10).equals(header.subarray(6, 8))) continue;
    const indexSize = (footer.readUInt32LE(4) + 1) * 4;
    const indexStart = footerStart - indexSize;
    if (indexSize > MAX_INDEX || indexStart < HEADER) continue;
    if (blocksLength(await reader.read(indexStart, indexSize)) === indexStart - HEADER) return footerStart + FOOTER;
  }
  return null;
}

/** Total padded size of the blocks an index lists, or undefined when it is not a valid index. */
function blocksLength(index: Buffer): number | undefined {
  if (index.length < 8 || index[0] !== 0 || crc32(index.subarray(0, index.length - 4)) !== index.readUInt32LE(index.length - 4)) return undefined;
  const cursor = { pos: 1 };
  const records = readVarint(index, cursor);
  if (records === undefined) return undefined;
  let total = 0;
  for (let i = 0; i < records; i++) {
    const unpadded = readVarint(index, cursor);
    if (unpadded === undefined || readVarint(index, cursor) === undefined) return undefined;
    total += Math.ceil(unpadded / 4) * 4;
  }
  return cursor.pos <= index.length - 4 ? total : undefined;
}

/** xz's multibyte integer: 7 bits per byte, low first, at most 9 bytes. */
function readVarint(buf: Buffer, cursor: { pos: number }): number | undefined {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const byte = buf[cursor.pos++];
    if (byte === undefined) return undefined;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if ((byte & 0x80) === 0) return Number.isSafeInteger(value) ? value : undefined;
  }
  return undefined;
}
