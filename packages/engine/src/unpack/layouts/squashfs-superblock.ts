// The SquashFS superblock. Version 4 is read in full, in either byte order: little
// endian is what mksquashfs 4 and Linux write, big endian what vendors of big-endian
// MIPS and PowerPC boards (AVM, Broadcom SDKs) patched their kernels to write, with
// every field of every structure swapped and nothing else changed. Versions 1 to 3
// only as far as the image length, for carving, since 7-Zip reads them.
import { BIG_ENDIAN, type ByteOrder, LITTLE_ENDIAN } from '../../util/byte-order.ts';
import { FormatError } from '../types.ts';

export const SUPERBLOCK_BYTES = 96;

/** Superblock compression ids of version 4. */
export const Compressor = { gzip: 1, lzma: 2, lzo: 3, xz: 4, lz4: 5, zstd: 6 } as const;

const FLAG_NO_FRAGMENTS = 0x0010;
const MIN_BLOCK_LOG = 12;
const MAX_BLOCK_LOG = 20;
const NO_TABLE = 0xffffffffffffffffn;

export interface Header {
  major: number;
  littleEndian: boolean;
  compression: number;
  /** The image length in bytes (`bytes_used`). */
  bytesUsed: number;
}

/** Every version's magic, major version and length; null when `head` is no SquashFS superblock. */
export function readHeader(head: Buffer): Header | null {
  if (head.length < SUPERBLOCK_BYTES) return null;
  const magic = head.toString('latin1', 0, 4);
  const littleEndian = magic === 'hsqs';
  if (!littleEndian && magic !== 'sqsh') return null;
  const order = littleEndian ? LITTLE_ENDIAN : BIG_ENDIAN;
  const u16 = (at: number): number => order.u16(head, at);
  const u64 = (at: number): number => Number(order.u64(head, at));
  // The major version sits at 28 in every version. bytes_used: version 4 at 40 (64-bit),
  // version 3 at 63 (its superblock is packed), versions 1 and 2 at 8 (32-bit).
  const major = u16(28);
  let bytesUsed: number;
  if (major === 4) bytesUsed = u64(40);
  else if (major === 3) bytesUsed = u64(63);
  else if (major === 1 || major === 2) bytesUsed = order.u32(head, 8);
  else return null;
  return { major, littleEndian, compression: major === 4 ? u16(20) : Compressor.gzip, bytesUsed };
}

export interface Superblock {
  order: ByteOrder;
  blockSize: number;
  fragmentCount: number;
  compression: number;
  rootInode: bigint;
  bytesUsed: number;
  idTable: number;
  inodeTable: number;
  directoryTable: number;
  /** Undefined when the image has no fragment table. */
  fragmentTable: number | undefined;
}

/** The full version 4 superblock; every table start is checked against bytes_used. */
export function parseSuperblock(head: Buffer): Superblock {
  const header = readHeader(head);
  if (header?.major !== 4) throw new FormatError('malformed', 'not a SquashFS 4 superblock');
  const order = header.littleEndian ? LITTLE_ENDIAN : BIG_ENDIAN;
  const blockSize = order.u32(head, 12);
  const blockLog = order.u16(head, 22);
  if (blockLog < MIN_BLOCK_LOG || blockLog > MAX_BLOCK_LOG || blockSize !== 2 ** blockLog) {
    throw new FormatError('corrupt', `SquashFS block size ${blockSize} (log ${blockLog})`);
  }
  const bytesUsed = header.bytesUsed;
  const table = (at: number, what: string): number => {
    const value = order.u64(head, at);
    if (value < BigInt(SUPERBLOCK_BYTES) || value >= BigInt(bytesUsed)) throw new FormatError('corrupt', `SquashFS ${what} at ${value}, outside the ${bytesUsed}-byte image`);
    return Number(value);
  };
  const flags = order.u16(head, 24);
  const fragmentCount = order.u32(head, 16);
  const fragmentStart = order.u64(head, 80);
  const hasFragments = (flags & FLAG_NO_FRAGMENTS) === 0 && fragmentCount > 0 && fragmentStart !== NO_TABLE;
  const inodeTable = table(64, 'inode table');
  const directoryTable = table(72, 'directory table');
  if (directoryTable < inodeTable) throw new FormatError('corrupt', 'SquashFS directory table before the inode table');
  return {
    order,
    blockSize,
    fragmentCount: hasFragments ? fragmentCount : 0,
    compression: header.compression,
    rootInode: order.u64(head, 32),
    bytesUsed,
    idTable: table(48, 'id table'),
    inodeTable,
    directoryTable,
    fragmentTable: hasFragments ? table(80, 'fragment table') : undefined,
  };
}
