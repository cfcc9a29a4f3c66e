// SquashFS through 7-Zip: version 4 little endian with gzip, lzma, lzo, xz or zstd,
// and the older versions 2 and 3 (both endians) that old firmware still ships.
// 7-Zip has no LZ4: such images are an `unsupported` problem, not a corrupt one.
// The superblock's bytes_used gives the image's real length (for carving).
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

/** Superblock compression ids (version 4): 1 gzip, 2 lzma, 3 lzo, 4 xz, 5 lz4, 6 zstd. */
const LZ4 = 5;

export const squashfs: Unpacker = {
  name: 'filesystem/squashfs',
  version: 2,
  magic: [
    { offset: 0, bytes: Buffer.from('hsqs', 'latin1') },
    { offset: 0, bytes: Buffer.from('sqsh', 'latin1') },
  ],
  async identify(head, reader) {
    const superblock = readSuperblock(head);
    if (superblock === null || superblock.bytesUsed < 96 || superblock.bytesUsed > reader.size) return null;
    return { start: 0, end: superblock.bytesUsed };
  },
  async extract(ctx) {
    const superblock = readSuperblock(await ctx.reader.read(ctx.chunk.start, 96));
    if (superblock?.major === 4 && superblock.compression === LZ4) {
      throw new FormatError('unsupported', 'SquashFS 4 with LZ4 compression: the 7-Zip reader has no LZ4 decoder', ctx.location);
    }
    await extractWith7z(ctx, 'squashfs');
  },
};

interface Superblock {
  major: number;
  compression: number;
  bytesUsed: number;
}

function readSuperblock(head: Buffer): Superblock | null {
  if (head.length < 96) return null;
  const magic = head.toString('latin1', 0, 4);
  // `hsqs` little endian, `sqsh` big endian; the major version sits at 28 in every version.
  const le = magic === 'hsqs';
  if (!le && magic !== 'sqsh') return null;
  const u16 = (at: number): number => (le ? head.readUInt16LE(at) : head.readUInt16BE(at));
  const major = u16(28);
  // Version 4: 64-bit bytes_used at 40. Version 3 (packed superblock): 64-bit at 63.
  // Versions 1 and 2: 32-bit at 8.
  let bytesUsed: number;
  if (major === 4) bytesUsed = Number(le ? head.readBigUInt64LE(40) : head.readBigUInt64BE(40));
  else if (major === 3) bytesUsed = Number(le ? head.readBigUInt64LE(63) : head.readBigUInt64BE(63));
  else if (major === 1 || major === 2) bytesUsed = le ? head.readUInt32LE(8) : head.readUInt32BE(8);
  else return null;
  return { major, compression: major === 4 ? u16(20) : 1, bytesUsed };
}
