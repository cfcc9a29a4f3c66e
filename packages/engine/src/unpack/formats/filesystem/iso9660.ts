// ISO 9660 CD/DVD images (with Joliet and Rock Ridge names), through 7-Zip.
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

/** The primary volume descriptor sits in sector 16 (of 2048 bytes). */
const PVD = 16 * 2048;

export const iso9660: Unpacker = {
  name: 'filesystem/iso9660',
  version: 1,
  async identify(_head, reader) {
    const pvd = await reader.read(PVD, 2048);
    // Type 1 (primary), `CD001`, version 1.
    if (pvd.length < 2048 || pvd[0] !== 1 || pvd.toString('latin1', 1, 6) !== 'CD001') return null;
    const blocks = pvd.readUInt32LE(80);
    const blockSize = pvd.readUInt16LE(128);
    const end = blocks * (blockSize || 2048);
    return { start: 0, end: end > PVD && end <= reader.size ? end : reader.size };
  },
  extract: (ctx) => extractWith7z(ctx, 'iso'),
};
