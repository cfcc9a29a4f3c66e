// SquashFS. Version 4 in either byte order (little endian is what mksquashfs 4 and
// Linux write; big endian what some vendors' patched kernels write) is read natively
// with every compressor (unpack/squashfs/); the older versions 2 and 3, which only old
// firmware ships, go through 7-Zip.
// The superblock's bytes_used gives the image's real length (for carving).
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';
import { SUPERBLOCK_BYTES, readHeader } from '../../layouts/squashfs-superblock.ts';
import { extractV4 } from '../../squashfs/squashfs-v4.ts';

export const squashfs: Unpacker = {
  name: 'filesystem/squashfs',
  version: 4,
  magic: [
    { offset: 0, bytes: Buffer.from('hsqs', 'latin1') },
    { offset: 0, bytes: Buffer.from('sqsh', 'latin1') },
  ],
  async identify(head, reader) {
    const header = readHeader(head);
    if (header === null || header.bytesUsed < SUPERBLOCK_BYTES || header.bytesUsed > reader.size) return null;
    return { start: 0, end: header.bytesUsed };
  },
  async extract(ctx) {
    const header = readHeader(await ctx.reader.read(ctx.chunk.start, SUPERBLOCK_BYTES));
    if (header?.major === 4) await extractV4(ctx);
    else await extractWith7z(ctx, 'squashfs');
  },
};
