// Zip structures (PKWARE APPNOTE 6.3.10): end of central directory (EOCD), its
// zip64 variant, and central directory entries. Every length is checked against
// the file before it is used.
import { type Reader, WindowedReader } from '../../util/reader.ts';
import { FormatError } from '../types.ts';

export const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export interface Directory {
  entries: number;
  offset: number;
  size: number;
}

export interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
  /** Unix mode from the upper 16 bits of the external attributes, when made on Unix. */
  unixMode: number | undefined;
}

/** The central directory's extent, or undefined when the EOCD is missing (truncated file). */
export async function findDirectory(reader: Reader): Promise<Directory | undefined> {
  const tailLength = Math.min(reader.size, EOCD_SIZE + MAX_COMMENT);
  const tailStart = reader.size - tailLength;
  const tail = await reader.read(tailStart, tailLength);
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== SIG_EOCD) continue;
    const eocd = tailStart + i;
    const dir = {
      entries: tail.readUInt16LE(i + 10),
      size: tail.readUInt32LE(i + 12),
      offset: tail.readUInt32LE(i + 16),
    };
    if (dir.entries === 0xffff || dir.size === 0xffffffff || dir.offset === 0xffffffff) {
      return (await findZip64Directory(reader, eocd)) ?? dir;
    }
    return dir;
  }
  return undefined;
}

async function findZip64Directory(reader: Reader, eocd: number): Promise<Directory | undefined> {
  if (eocd < 20) return undefined;
  const locator = await reader.read(eocd - 20, 20);
  if (locator.readUInt32LE(0) !== SIG_ZIP64_LOCATOR) return undefined;
  const recordOffset = Number(locator.readBigUInt64LE(8));
  const record = await reader.read(recordOffset, 56);
  if (record.length < 56 || record.readUInt32LE(0) !== SIG_ZIP64_EOCD) return undefined;
  return {
    entries: Number(record.readBigUInt64LE(32)),
    size: Number(record.readBigUInt64LE(40)),
    offset: Number(record.readBigUInt64LE(48)),
  };
}

/**
 * Central directory entries, one at a time; stops with a FormatError at the first bad one
 * of those the end record counts. Entries past that count that the directory's size still
 * holds are read too: a count set to 0 must not hide a zip's members (the caller compares).
 */
export async function* readDirectory(reader: Reader, dir: Directory, location: string[]): AsyncGenerator<CentralEntry> {
  if (dir.offset + dir.size > reader.size) {
    throw new FormatError('truncated', `central directory ends at ${dir.offset + dir.size}, beyond the file`, location);
  }
  const window = new WindowedReader(reader);
  const end = dir.offset + dir.size;
  let pos = dir.offset;
  for (let i = 0; i < dir.entries || pos + 46 <= end; i++) {
    const fixed = await window.read(pos, 46);
    const isEntry = fixed.length === 46 && pos + 46 <= end && fixed.readUInt32LE(0) === SIG_CENTRAL;
    if (!isEntry && i >= dir.entries) return;
    if (!isEntry) {
      throw new FormatError('malformed', `central directory entry ${i} at ${pos} is not one`, location);
    }
    const nameLength = fixed.readUInt16LE(28);
    const extraLength = fixed.readUInt16LE(30);
    const commentLength = fixed.readUInt16LE(32);
    const variable = await window.read(pos + 46, nameLength + extraLength);
    if (variable.length < nameLength + extraLength) throw new FormatError('truncated', `entry ${i} cut short`, location);
    const flags = fixed.readUInt16LE(8);
    const madeBy = fixed.readUInt16LE(4) >> 8;
    const entry: CentralEntry = {
      // Bit 11: UTF-8 names; otherwise CP437, read as latin-1 (same for ASCII).
      name: variable.toString(flags & 0x800 ? 'utf8' : 'latin1', 0, nameLength),
      flags,
      method: fixed.readUInt16LE(10),
      crc32: fixed.readUInt32LE(16),
      compressedSize: fixed.readUInt32LE(20),
      uncompressedSize: fixed.readUInt32LE(24),
      localOffset: fixed.readUInt32LE(42),
      unixMode: madeBy === 3 ? fixed.readUInt32LE(38) >>> 16 : undefined,
    };
    applyZip64Extra(entry, variable.subarray(nameLength));
    yield entry;
    pos += 46 + nameLength + extraLength + commentLength;
  }
}

/** The zip64 extra field (id 1) holds, in order, the 64-bit values whose 32-bit fields are all ones. */
function applyZip64Extra(entry: CentralEntry, extra: Buffer): void {
  let pos = 0;
  while (pos + 4 <= extra.length) {
    const id = extra.readUInt16LE(pos);
    const size = extra.readUInt16LE(pos + 2);
    if (id === 0x0001) {
      let field = pos + 4;
      const end = Math.min(pos + 4 + size, extra.length);
      const take = (): number | undefined => {
        if (field + 8 > end) return undefined;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take() ?? entry.uncompressedSize;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take() ?? entry.compressedSize;
      if (entry.localOffset === 0xffffffff) entry.localOffset = take() ?? entry.localOffset;
      return;
    }
    pos += 4 + size;
  }
}

/** Offset of an entry's data: after its local header, whose name/extra lengths may differ from the central ones. */
export async function dataOffset(reader: Reader, localOffset: number, location: string[]): Promise<number> {
  const header = await reader.read(localOffset, 30);
  if (header.length < 30) throw new FormatError('truncated', `local header at ${localOffset} cut short`, location);
  if (header.readUInt32LE(0) !== SIG_LOCAL) throw new FormatError('malformed', `no local header at ${localOffset}`, location);
  return localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}
