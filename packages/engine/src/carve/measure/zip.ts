// Length of a zip archive starting at a local header: the first end of central
// directory record (zip64 through its locator) whose directory sits right before
// it and whose first entry's local header is the one the payload starts with. The
// entry offsets may be relative to a prefix (a self-extractor stub, `zip -A`); the
// difference is the prefix, and the check holds either way. Records of zips stored
// inside the archive fail that check, so the outer archive is measured whole.
import type { Reader } from '../../util/reader.ts';
import { occurrences } from './scan-forward.ts';

const EOCD_MAGIC = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIZE = 56;
/** APPNOTE 4.4.5 methods seen in the wild: stored, deflate, deflate64, bzip2, lzma, zstd, xz, ppmd, AES. */
const KNOWN_METHODS = new Set([0, 8, 9, 12, 14, 93, 95, 98, 99]);

interface Directory {
  size: number;
  offset: number;
  /** Where the directory's start must sit: before the zip64 records when there are some. */
  before: number;
}

export async function measureZip(reader: Reader, signal: AbortSignal): Promise<number | null> {
  // A chance `PK\3\4` in other data is refused here, before the search for an end record.
  if (!plausibleLocalHeader(await reader.read(0, 30))) return null;
  for await (const at of occurrences(reader, EOCD_MAGIC, 0, signal)) {
    const eocd = await reader.read(at, EOCD_SIZE);
    if (eocd.length < EOCD_SIZE || eocd.readUInt16LE(4) !== 0 || eocd.readUInt16LE(6) !== 0) continue; // multi-disk
    const end = at + EOCD_SIZE + eocd.readUInt16LE(20);
    if (end > reader.size) continue;
    const dir = await directoryOf(reader, at, eocd);
    if (dir !== undefined && (await startsAtFirstEntry(reader, dir))) return end;
  }
  return null;
}

async function directoryOf(reader: Reader, at: number, eocd: Buffer): Promise<Directory | undefined> {
  const dir = { size: eocd.readUInt32LE(12), offset: eocd.readUInt32LE(16), before: at };
  if (dir.size !== 0xffffffff && dir.offset !== 0xffffffff && eocd.readUInt16LE(10) !== 0xffff) return dir;
  const recordAt = at - ZIP64_LOCATOR_SIZE - ZIP64_EOCD_SIZE;
  if (recordAt < 0) return undefined;
  const tail = await reader.read(recordAt, ZIP64_EOCD_SIZE + ZIP64_LOCATOR_SIZE);
  if (tail.readUInt32LE(0) !== SIG_ZIP64_EOCD || tail.readUInt32LE(ZIP64_EOCD_SIZE) !== SIG_ZIP64_LOCATOR) return undefined;
  return { size: Number(tail.readBigUInt64LE(40)), offset: Number(tail.readBigUInt64LE(48)), before: recordAt };
}

async function startsAtFirstEntry(reader: Reader, dir: Directory): Promise<boolean> {
  const start = dir.before - dir.size;
  if (start < 0 || !Number.isSafeInteger(start)) return false;
  const entry = await reader.read(start, 46);
  if (entry.length < 46 || entry.readUInt32LE(0) !== SIG_CENTRAL) return false;
  const prefix = start - dir.offset;
  const local = await reader.read(0, 4);
  return entry.readUInt32LE(42) + prefix === 0 && local.length === 4 && local.readUInt32LE(0) === SIG_LOCAL;
}

/** Version needed below 10.0, a known compression method, a name of sane length. */
function plausibleLocalHeader(header: Buffer): boolean {
  if (header.length < 30 || header.readUInt32LE(0) !== SIG_LOCAL) return false;
  const nameLength = header.readUInt16LE(26);
  return header.readUInt16LE(4) < 100 && KNOWN_METHODS.has(header.readUInt16LE(8)) && nameLength > 0 && nameLength <= 4096;
}
