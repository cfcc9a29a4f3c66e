// CramFS (both endians, zlib pages), through 7-Zip. The superblock's size field
// gives the image's real length (for carving); its signature is checked too.
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

const MAGIC = 0x28cd3d45;
const SIGNATURE = 'Compressed ROMFS';
/** Superblock: magic, size, flags, future, signature[16], fsid[16], name[16]. */
const SUPERBLOCK = 76;

export const cramfs: Unpacker = {
  name: 'filesystem/cramfs',
  version: 1,
  magic: [
    { offset: 0, bytes: Buffer.from([0x45, 0x3d, 0xcd, 0x28]) },
    { offset: 0, bytes: Buffer.from([0x28, 0xcd, 0x3d, 0x45]) },
  ],
  async identify(head, reader) {
    if (head.length < SUPERBLOCK || head.toString('latin1', 16, 32) !== SIGNATURE) return null;
    const le = head.readUInt32LE(0) === MAGIC;
    if (!le && head.readUInt32BE(0) !== MAGIC) return null;
    const size = le ? head.readUInt32LE(4) : head.readUInt32BE(4);
    // Version 1 images record their size; a size past the file is a cut image, read what is there.
    if (size < SUPERBLOCK) return null;
    return { start: 0, end: Math.min(size, reader.size) };
  },
  extract: (ctx) => extractWith7z(ctx, 'cramfs'),
};
