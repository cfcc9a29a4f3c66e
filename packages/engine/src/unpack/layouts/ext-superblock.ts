// ext2/3/4 on-disk structures (little endian; kernel Documentation/filesystems/ext4/):
// the superblock at byte 1024, the group descriptor table in the block after it,
// and inodes in each group's inode table. Every number read is checked against
// the image before it is used as an offset.
import type { Reader } from '../../util/reader.ts';
import { FormatError } from '../types.ts';

export const SUPERBLOCK_OFFSET = 1024;
export const EXT_MAGIC = 0xef53;
export const ROOT_INODE = 2;

const INCOMPAT_COMPRESSION = 0x1;
const INCOMPAT_FILETYPE = 0x2;
const INCOMPAT_JOURNAL_DEV = 0x8;
const INCOMPAT_META_BG = 0x10;
const INCOMPAT_64BIT = 0x80;
const INCOMPAT_ENCRYPT = 0x10000;

export interface Superblock {
  blockSize: number;
  blocksCount: number;
  inodesCount: number;
  inodesPerGroup: number;
  inodeSize: number;
  firstDataBlock: number;
  descSize: number;
  /** Directory entries carry a file type byte and a one-byte name length. */
  fileType: boolean;
  incompat: number;
}

/** The superblock from its 1024 bytes, or a reason it is not a usable one. */
export function parseSuperblock(sb: Buffer): Superblock | string {
  if (sb.length < 1024 || sb.readUInt16LE(56) !== EXT_MAGIC) return 'no ext superblock magic';
  const logBlock = sb.readUInt32LE(24);
  if (logBlock > 6) return `block size 2^${10 + logBlock}`;
  const blockSize = 1024 << logBlock;
  const rev = sb.readUInt32LE(76);
  const inodeSize = rev === 0 ? 128 : sb.readUInt16LE(88);
  const incompat = rev === 0 ? 0 : sb.readUInt32LE(96);
  const wide = (incompat & INCOMPAT_64BIT) !== 0;
  const descSize = wide ? sb.readUInt16LE(0xfe) : 32;
  const blocksCount = sb.readUInt32LE(4) + (wide ? sb.readUInt32LE(0x150) * 2 ** 32 : 0);
  const out: Superblock = {
    blockSize,
    blocksCount,
    inodesCount: sb.readUInt32LE(0),
    inodesPerGroup: sb.readUInt32LE(40),
    inodeSize,
    firstDataBlock: sb.readUInt32LE(20),
    descSize,
    fileType: (incompat & INCOMPAT_FILETYPE) !== 0,
    incompat,
  };
  if (rev > 1) return `revision ${rev}`;
  if (inodeSize < 128 || inodeSize > blockSize || (inodeSize & (inodeSize - 1)) !== 0) return `inode size ${inodeSize}`;
  if (out.inodesPerGroup === 0 || out.inodesCount < ROOT_INODE || blocksCount === 0) return 'empty geometry';
  if (descSize < 32 || descSize > 1024 || (descSize & (descSize - 1)) !== 0) return `descriptor size ${descSize}`;
  if (out.firstDataBlock > 1) return `first data block ${out.firstDataBlock}`;
  return out;
}

/** Features whose data we cannot read: the image is refused with this reason. */
export function unsupportedFeature(sb: Superblock): string | undefined {
  if (sb.incompat & INCOMPAT_COMPRESSION) return 'compression';
  if (sb.incompat & INCOMPAT_JOURNAL_DEV) return 'an external journal device (no files)';
  if (sb.incompat & INCOMPAT_META_BG) return 'meta_bg group descriptors';
  if (sb.incompat & INCOMPAT_ENCRYPT) return 'encryption';
  return undefined;
}

export interface Inode {
  mode: number;
  size: number;
  flags: number;
  /** The 60 bytes of i_block: block map, extent tree root, or a fast symlink's target. */
  block: Buffer;
}

export const S_IFMT = 0xf000;
export const S_IFREG = 0x8000;
export const S_IFDIR = 0x4000;
export const S_IFLNK = 0xa000;
export const EXTENTS_FL = 0x80000;
export const INLINE_DATA_FL = 0x10000000;

/**
 * An image opened for reading: bounded block and inode reads relative to `base`.
 * Its FormatErrors carry no location: the caller knows which member it was reading.
 */
export class ExtFs {
  readonly reader: Reader;
  readonly base: number;
  readonly end: number;
  readonly sb: Superblock;

  constructor(reader: Reader, base: number, end: number, sb: Superblock) {
    this.reader = reader;
    this.base = base;
    this.end = end;
    this.sb = sb;
  }

  /** Bytes of `count` blocks from `block`; a range past the image is a FormatError. */
  async blocks(block: number, count: number, what: string): Promise<Buffer> {
    const { blockSize, blocksCount } = this.sb;
    if (block < 1 || block + count > blocksCount) throw new FormatError('malformed', `${what}: block ${block} outside the filesystem`);
    const offset = this.base + block * blockSize;
    const data = await this.reader.read(offset, count * blockSize);
    if (offset + count * blockSize > this.end || data.length < count * blockSize) {
      throw new FormatError('truncated', `${what}: block ${block} is past the end of the image`);
    }
    return data;
  }

  async inode(ino: number): Promise<Inode> {
    const { inodesCount, inodesPerGroup, inodeSize, descSize, blockSize, firstDataBlock } = this.sb;
    if (ino < 1 || ino > inodesCount) throw new FormatError('malformed', `inode ${ino} out of range`);
    const group = Math.floor((ino - 1) / inodesPerGroup);
    const descOffset = (firstDataBlock + 1) * blockSize + group * descSize;
    const desc = await this.reader.read(this.base + descOffset, descSize);
    if (desc.length < descSize) throw new FormatError('truncated', `group descriptor ${group} past the end`);
    const table = desc.readUInt32LE(8) + (descSize >= 64 ? desc.readUInt32LE(0x28) * 2 ** 32 : 0);
    const index = (ino - 1) % inodesPerGroup;
    const offset = table * blockSize + index * inodeSize;
    if (table < 1 || table >= this.sb.blocksCount || this.base + offset + 128 > this.end) {
      throw new FormatError('malformed', `inode ${ino}: inode table block ${table} outside the image`);
    }
    const raw = await this.reader.read(this.base + offset, 128);
    return {
      mode: raw.readUInt16LE(0),
      size: raw.readUInt32LE(4) + raw.readUInt32LE(0x6c) * 2 ** 32,
      flags: raw.readUInt32LE(0x20),
      block: raw.subarray(0x28, 0x28 + 60),
    };
  }
}
