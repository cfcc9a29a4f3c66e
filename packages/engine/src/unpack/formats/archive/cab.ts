// Microsoft Cabinet (.cab: Windows updates, installers, some firmware), through 7-Zip.
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

export const cab: Unpacker = {
  name: 'archive/cab',
  version: 1,
  async identify(head, reader) {
    // `MSCF`, 4 reserved zero bytes, cbCabinet (total size), 4 reserved, coffFiles, 4 reserved, version 1.3.
    if (head.length < 36 || head.toString('latin1', 0, 4) !== 'MSCF' || head.readUInt32LE(4) !== 0) return null;
    if (head[25] !== 1 || head[24] !== 3) return null;
    const size = head.readUInt32LE(8);
    return { start: 0, end: size >= 36 && size <= reader.size ? size : reader.size };
  },
  extract: (ctx) => extractWith7z(ctx, 'cab'),
};
