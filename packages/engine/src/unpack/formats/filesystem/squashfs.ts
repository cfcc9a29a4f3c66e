// SquashFS 4 (little and big endian; gzip, xz, lzma, lzo, zstd), through 7-Zip.
// The superblock's bytes_used gives the image's real length (for carving).
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

export const squashfs: Unpacker = {
  name: 'filesystem/squashfs',
  version: 1,
  magic: [
    { offset: 0, bytes: Buffer.from('hsqs', 'latin1') },
    { offset: 0, bytes: Buffer.from('sqsh', 'latin1') },
  ],
  async identify(head, reader) {
    if (head.length < 96) return null;
    const magic = head.toString('latin1', 0, 4);
    // `hsqs` little endian, `sqsh` big endian; version 4.0 at offset 28.
    const le = magic === 'hsqs';
    if (!le && magic !== 'sqsh') return null;
    const major = le ? head.readUInt16LE(28) : head.readUInt16BE(28);
    if (major !== 4) return null;
    const bytesUsed = Number(le ? head.readBigUInt64LE(40) : head.readBigUInt64BE(40));
    if (bytesUsed < 96 || bytesUsed > reader.size) return null;
    return { start: 0, end: bytesUsed };
  },
  extract: (ctx) => extractWith7z(ctx, 'squashfs'),
};
