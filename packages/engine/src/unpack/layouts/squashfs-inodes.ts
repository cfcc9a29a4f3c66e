// SquashFS 4 inodes and directory listings, in the image's byte order. An inode reference is
// a 64-bit number: the metadata block's offset from the inode table start (high
// 48 bits) and the inode's offset inside the decoded block (low 16 bits).
import { FormatError } from '../types.ts';
import type { Cursor, MetadataStore } from './squashfs-metadata.ts';

export const InodeType = {
  dir: 1,
  file: 2,
  symlink: 3,
  blockDev: 4,
  charDev: 5,
  fifo: 6,
  socket: 7,
  extDir: 8,
  extFile: 9,
  extSymlink: 10,
  extBlockDev: 11,
  extCharDev: 12,
  extFifo: 13,
  extSocket: 14,
} as const;

export const NO_FRAGMENT = 0xffffffff;
/** Data block size word: bit 24 set when the block is stored uncompressed. */
export const BLOCK_STORED = 0x1000000;
const HEADER_BYTES = 16;
/** Linux caps a symlink target at one page; a longer one is hostile. */
const MAX_SYMLINK = 4096;
/** A listing's `.` and `..` are not stored, yet counted in the directory size. */
const DOT_ENTRIES_BYTES = 3;
const DIR_HEADER_BYTES = 12;
const DIR_ENTRY_BYTES = 8;
const MAX_DIR_RUN = 256;

export type Inode =
  | { kind: 'dir'; number: number; startBlock: number; offset: number; listingBytes: number }
  | { kind: 'file'; number: number; blocksStart: number; size: number; fragment: number; fragmentOffset: number; blockSizes: Uint32Array }
  | { kind: 'symlink'; number: number; target: string }
  | { kind: 'special'; number: number; type: number };

export interface InodeLimits {
  blockSize: number;
  /** The image length: no file can have more data blocks than it has room for. */
  imageBytes: number;
}

/** The inode at `cursor` (an inode table position). */
export async function readInode(store: MetadataStore, cursor: Cursor, limits: InodeLimits): Promise<Inode> {
  const header = await store.read(cursor, HEADER_BYTES);
  need(header, HEADER_BYTES, 'inode header');
  const { u16, u32, u64 } = store.order;
  const type = u16(header, 0);
  const number = u32(header, 12);
  const take = async (n: number): Promise<Buffer> => need(await store.read(cursor, n), n, `type ${type} inode`);
  switch (type) {
    case InodeType.dir: {
      const b = await take(16);
      return dir(number, u32(b, 0), u16(b, 10), u16(b, 8));
    }
    case InodeType.extDir: {
      const b = await take(24);
      return dir(number, u32(b, 8), u16(b, 18), u32(b, 4));
    }
    case InodeType.file: {
      const b = await take(16);
      return file(store, cursor, limits, number, u32(b, 0), u32(b, 12), u32(b, 4), u32(b, 8));
    }
    case InodeType.extFile: {
      const b = await take(40);
      return file(store, cursor, limits, number, safe(u64(b, 0)), safe(u64(b, 8)), u32(b, 28), u32(b, 32));
    }
    case InodeType.symlink:
    case InodeType.extSymlink: {
      const b = await take(8);
      const length = u32(b, 4);
      if (length > MAX_SYMLINK) throw new FormatError('corrupt', `symlink target of ${length} bytes`);
      return { kind: 'symlink', number, target: (await take(length)).toString('utf8') };
    }
    case InodeType.blockDev:
    case InodeType.charDev:
    case InodeType.fifo:
    case InodeType.socket:
    case InodeType.extBlockDev:
    case InodeType.extCharDev:
    case InodeType.extFifo:
    case InodeType.extSocket:
      return { kind: 'special', number, type };
    default:
      throw new FormatError('corrupt', `inode type ${type}`);
  }
}

function need(buf: Buffer, n: number, what: string): Buffer {
  if (buf.length < n) throw new FormatError('truncated', `SquashFS ${what} cut short`);
  return buf;
}

function safe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new FormatError('corrupt', `SquashFS value ${value} out of range`);
  return Number(value);
}

function dir(number: number, startBlock: number, offset: number, size: number): Inode {
  return { kind: 'dir', number, startBlock, offset, listingBytes: Math.max(0, size - DOT_ENTRIES_BYTES) };
}

async function file(
  store: MetadataStore,
  cursor: Cursor,
  limits: InodeLimits,
  number: number,
  blocksStart: number,
  size: number,
  fragment: number,
  fragmentOffset: number,
): Promise<Inode> {
  const { blockSize, imageBytes } = limits;
  const full = fragment === NO_FRAGMENT ? Math.ceil(size / blockSize) : Math.floor(size / blockSize);
  // Every block but a sparse one takes at least a byte of image; a sparse file may
  // claim more, but its block list itself (4 bytes a block) must fit in the image.
  if (full * 4 > imageBytes) throw new FormatError('corrupt', `file of ${size} bytes in a ${imageBytes}-byte image`);
  const list = await store.read(cursor, full * 4);
  need(list, full * 4, 'block list');
  const blockSizes = new Uint32Array(full);
  for (let i = 0; i < full; i++) blockSizes[i] = store.order.u32(list, i * 4);
  return { kind: 'file', number, blocksStart, size, fragment, fragmentOffset, blockSizes };
}

export interface DirEntry {
  name: Buffer;
  type: number;
  /** Inode reference: block offset from the inode table start, offset in the block. */
  inodeBlock: number;
  inodeOffset: number;
}

/**
 * The entries of a directory listing of `bytes` bytes starting at `cursor` (a directory
 * table position), at most `maxEntries` of them: a listing of highly compressible
 * metadata could otherwise name millions.
 */
export async function readListing(store: MetadataStore, cursor: Cursor, bytes: number, maxEntries: number): Promise<DirEntry[]> {
  const entries: DirEntry[] = [];
  const { u16, u32 } = store.order;
  let left = bytes;
  while (left >= DIR_HEADER_BYTES && entries.length < maxEntries) {
    const header = need(await store.read(cursor, DIR_HEADER_BYTES), DIR_HEADER_BYTES, 'directory header');
    left -= DIR_HEADER_BYTES;
    const count = u32(header, 0) + 1;
    const inodeBlock = u32(header, 4);
    if (count > MAX_DIR_RUN) throw new FormatError('corrupt', `directory run of ${count} entries`);
    for (let i = 0; i < count && entries.length < maxEntries; i++) {
      if (left < DIR_ENTRY_BYTES) throw new FormatError('corrupt', 'directory entry past the listing size');
      const entry = need(await store.read(cursor, DIR_ENTRY_BYTES), DIR_ENTRY_BYTES, 'directory entry');
      const nameBytes = u16(entry, 6) + 1;
      left -= DIR_ENTRY_BYTES + nameBytes;
      if (left < 0) throw new FormatError('corrupt', 'directory entry name past the listing size');
      const name = need(await store.read(cursor, nameBytes), nameBytes, 'directory entry name');
      entries.push({ name, type: u16(entry, 4), inodeBlock, inodeOffset: u16(entry, 0) });
    }
  }
  return entries;
}
