// 7z archives, through 7-Zip. The start header gives the real length.
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

const MAGIC = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

export const sevenzip: Unpacker = {
  name: 'archive/sevenzip',
  version: 1,
  magic: [{ offset: 0, bytes: MAGIC }],
  async identify(head, reader) {
    if (head.length < 32 || !head.subarray(0, 6).equals(MAGIC)) return null;
    // Start header: next header offset (12) and size (20), relative to byte 32.
    const end = 32 + Number(head.readBigUInt64LE(12)) + Number(head.readBigUInt64LE(20));
    return { start: 0, end: end > 32 && end <= reader.size ? end : reader.size };
  },
  extract: (ctx) => extractWith7z(ctx, '7z'),
};
