// A small, bounded zip reader for OSV's per-ecosystem all.zip: the central directory is
// read from the end of the file, then each member is inflated on its own (stored or
// deflate only), so memory holds one advisory at a time. Zip64 (APPNOTE 4.3.14-4.3.15,
// 4.5.3) is read: the all-ecosystem archive outgrows 32-bit sizes and offsets.
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
/** A 16- or 32-bit field holding this value says: the real value is in the zip64 record. */
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** One advisory is a few KB; anything this big is not one. */
const MAX_MEMBER = 64 * 1024 * 1024;
/** The central directory of every OSV ecosystem together is well under this. */
const MAX_DIRECTORY = 1024 * 1024 * 1024;

export interface ZipMember {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

interface Directory {
  readonly count: number;
  readonly size: number;
  readonly offset: number;
}

/** The members listed in the central directory. Throws on a malformed archive. */
export async function zipMembers(handle: FileHandle): Promise<ZipMember[]> {
  const { size: fileSize } = await handle.stat();
  const directory = await findDirectory(handle, fileSize);
  if (directory.size > MAX_DIRECTORY) throw new Error(`zip central directory of ${directory.size} bytes is too large`);
  if (directory.offset + directory.size > fileSize) throw new Error('zip central directory runs past the end');
  const dir = await readAt(handle, directory.size, directory.offset);
  const members: ZipMember[] = [];
  let p = 0;
  for (let i = 0; i < directory.count; i += 1) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new Error('malformed zip central directory');
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > dir.length) throw new Error('malformed zip central directory');
    const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
    const wide = zip64Fields(dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), {
      size: dir.readUInt32LE(p + 24),
      compressedSize: dir.readUInt32LE(p + 20),
      localOffset: dir.readUInt32LE(p + 42),
    }, name);
    members.push({ name, method: dir.readUInt16LE(p + 10), ...wide });
    p = end;
  }
  return members;
}

/** The member's bytes, inflated. */
export async function readMember(handle: FileHandle, member: ZipMember): Promise<Buffer> {
  if (member.size > MAX_MEMBER || member.compressedSize > MAX_MEMBER) throw new Error(`${member.name}: member too large`);
  const local = await readAt(handle, 30, member.localOffset);
  if (local.readUInt32LE(0) !== LOCAL) throw new Error(`${member.name}: bad local header`);
  const start = member.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const data = await readAt(handle, member.compressedSize, start);
  if (member.method === 0) {
    if (data.length !== member.size) throw new Error(`${member.name}: stored size ${data.length}, expected ${member.size}`);
    return data;
  }
  if (member.method !== 8) throw new Error(`${member.name}: compression method ${member.method} is not read`);
  const out = await inflate(data, { maxOutputLength: MAX_MEMBER });
  if (out.length !== member.size) throw new Error(`${member.name}: inflated to ${out.length} bytes, expected ${member.size}`);
  return out;
}

/** The end of central directory record, and the zip64 one when it defers to it. */
async function findDirectory(handle: FileHandle, fileSize: number): Promise<Directory> {
  const tailSize = Math.min(fileSize, 22 + MAX16);
  const tail = await readAt(handle, tailSize, fileSize - tailSize);
  let eocd = -1;
  for (let i = tailSize - 22; i >= 0; i -= 1) if (tail.readUInt32LE(i) === EOCD) { eocd = i; break; }
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const plain = { count: tail.readUInt16LE(eocd + 10), size: tail.readUInt32LE(eocd + 12), offset: tail.readUInt32LE(eocd + 16) };
  if (plain.count !== MAX16 && plain.size !== MAX32 && plain.offset !== MAX32) return plain;
  // The zip64 locator sits right before the end record and points at the zip64 end record.
  const locatorAt = fileSize - tailSize + eocd - 20;
  if (locatorAt < 0) throw new Error('zip64 archive without its locator');
  const locator = await readAt(handle, 20, locatorAt);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new Error('zip64 archive without its locator');
  const recordAt = safeNumber(locator.readBigUInt64LE(8), 'zip64 end record offset');
  if (recordAt + 56 > locatorAt) throw new Error('zip64 end record runs past its locator');
  const record = await readAt(handle, 56, recordAt);
  if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new Error('bad zip64 end of central directory');
  return {
    count: safeNumber(record.readBigUInt64LE(32), 'zip64 entry count'),
    size: safeNumber(record.readBigUInt64LE(40), 'zip64 directory size'),
    offset: safeNumber(record.readBigUInt64LE(48), 'zip64 directory offset'),
  };
}

type WideFields = Pick<ZipMember, 'size' | 'compressedSize' | 'localOffset'>;

/**
 * Replaces each field saturated at 0xffffffff with its 8-byte value from the zip64
 * extra field, which holds only the saturated ones, in the order size, compressed
 * size, local header offset.
 */
function zip64Fields(extra: Buffer, fields: WideFields, name: string): WideFields {
  const saturated = (['size', 'compressedSize', 'localOffset'] as const).filter((key) => fields[key] === MAX32);
  if (saturated.length === 0) return fields;
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (p + 4 + length > extra.length) break;
    if (id === ZIP64_EXTRA) {
      if (length < saturated.length * 8) throw new Error(`${name}: zip64 extra field too short`);
      const out = { ...fields };
      saturated.forEach((key, i) => {
        out[key] = safeNumber(extra.readBigUInt64LE(p + 4 + i * 8), `${name}: zip64 ${key}`);
      });
      return out;
    }
    p += 4 + length;
  }
  throw new Error(`${name}: zip64 sizes without a zip64 extra field`);
}

function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${what} out of range`);
  return Number(value);
}

/** Exactly `length` bytes at `position`; throws when the file ends first. */
async function readAt(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new Error(`zip truncated: ${bytesRead} of ${length} bytes at offset ${position}`);
  return buffer;
}
