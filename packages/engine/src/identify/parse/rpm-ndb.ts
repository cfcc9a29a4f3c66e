// rpm's NDB package database (`Packages.db`, openSUSE since 2020), read-only. Layout,
// all little-endian: a 32-byte header ('RpmP', version 0, generation, slot page count,
// next index), then slot pages of 16-byte slots ('Slot', package index, block offset,
// block count; index 0 = free); blocks are 16 bytes. A blob at its block offset is
// 'BlbS', index, generation, length, the header blob, padding, then a tail (Adler-32
// of everything before it, length, 'BlbE').
import type { RpmRecord } from './rpm-package.ts';

export type ReadRange = (offset: number, length: number) => Promise<Buffer>;

const HEADER_MAGIC = 0x506d7052; // 'RpmP'
const SLOT_MAGIC = 0x746f6c53; // 'Slot'
const BLOB_MAGIC = 0x53626c42; // 'BlbS'
const TAIL_MAGIC = 0x45626c42; // 'BlbE'
const PAGE = 4096;
const BLOCK = 16;
const HEADER_SIZE = 32;
const BLOB_HEAD = 16;
const BLOB_TAIL = 12;
/** rpm caps a header at 256 MiB; past this a blob is damage (and beyond one bounded read). */
const MAX_BLOB = 16 * 1024 * 1024 - BLOB_HEAD - BLOB_TAIL - BLOCK;
/** Slot pages of a real database: a few; each holds 256 packages. */
const MAX_SLOT_PAGES = 4096;

export interface NdbContent {
  records: RpmRecord[];
  /** A damaged slot or blob, located; the other packages are kept. */
  problems: string[];
}

export async function readNdb(read: ReadRange, size: number): Promise<NdbContent | string> {
  const header = await read(0, HEADER_SIZE);
  if (header.length < HEADER_SIZE || header.readUInt32LE(0) !== HEADER_MAGIC) return "not an rpm NDB database (no 'RpmP' header)";
  if (header.readUInt32LE(4) !== 0) return `NDB version ${header.readUInt32LE(4)} is not supported`;
  const slotPages = header.readUInt32LE(12);
  if (slotPages === 0 || slotPages > MAX_SLOT_PAGES) return `${slotPages} slot pages`;
  const content: NdbContent = { records: [], problems: [] };
  const slots = await read(0, slotPages * PAGE);
  if (slots.length < slotPages * PAGE) content.problems.push(`slot pages end at byte ${slots.length} of ${slotPages * PAGE}`);
  for (let at = HEADER_SIZE; at + BLOCK <= slots.length; at += BLOCK) {
    const slot = at / BLOCK;
    if (slots.readUInt32LE(at) !== SLOT_MAGIC) {
      content.problems.push(`slot ${slot}: bad magic`);
      continue;
    }
    const pkgidx = slots.readUInt32LE(at + 4);
    if (pkgidx === 0) continue;
    const blob = await readBlob(read, size, pkgidx, slots.readUInt32LE(at + 8), slots.readUInt32LE(at + 12));
    if (typeof blob === 'string') content.problems.push(`package ${pkgidx}: ${blob}`);
    else content.records.push({ hnum: pkgidx, blob });
  }
  content.records.sort((a, b) => a.hnum - b.hnum);
  return content;
}

async function readBlob(read: ReadRange, size: number, pkgidx: number, blkoff: number, blkcnt: number): Promise<Buffer | string> {
  const start = blkoff * BLOCK;
  const length = blkcnt * BLOCK;
  if (length < BLOB_HEAD + BLOB_TAIL || length > MAX_BLOB + BLOB_HEAD + BLOB_TAIL + BLOCK) return `slot of ${blkcnt} blocks`;
  if (start + length > size) return `blob at byte ${start} runs past the end of the file`;
  const bytes = await read(start, length);
  if (bytes.readUInt32LE(0) !== BLOB_MAGIC || bytes.readUInt32LE(4) !== pkgidx) return `no blob of this package at byte ${start}`;
  const blobLength = bytes.readUInt32LE(12);
  if (Math.ceil((BLOB_HEAD + blobLength + BLOB_TAIL) / BLOCK) !== blkcnt) return `blob length ${blobLength} does not fill its ${blkcnt} blocks`;
  const tail = length - BLOB_TAIL;
  if (bytes.readUInt32LE(tail + 8) !== TAIL_MAGIC || bytes.readUInt32LE(tail + 4) !== blobLength) return 'blob tail damaged';
  if (bytes.readUInt32LE(tail) !== adler32(bytes.subarray(0, tail))) return 'blob checksum mismatch';
  return bytes.subarray(BLOB_HEAD, BLOB_HEAD + blobLength);
}

/** Adler-32 (RFC 1950), as rpm computes it over a blob's head, data and padding. */
function adler32(bytes: Buffer): number {
  let a = 1;
  let b = 0;
  // Reduced every 5552 bytes, as zlib does (its NMAX), so the sums stay small integers.
  for (let i = 0; i < bytes.length; ) {
    const end = Math.min(bytes.length, i + 5552);
    for (; i < end; i++) {
      a += bytes[i] ?? 0;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
