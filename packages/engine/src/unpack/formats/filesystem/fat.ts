// FAT12/16/32 volumes (no partition table), through 7-Zip. Recognised by the boot
// sector: a jump, a sane BIOS parameter block, the 0x55AA signature and the
// file-system type string, so an MBR (also 0x55AA) is not taken for a volume.
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

export const fat: Unpacker = {
  name: 'filesystem/fat',
  version: 1,
  async identify(head, reader) {
    if (head.length < 512 || head[510] !== 0x55 || head[511] !== 0xaa) return null;
    // Jump: `EB xx 90` (short) or `E9 xx xx` (near).
    if (!((head[0] === 0xeb && head[2] === 0x90) || head[0] === 0xe9)) return null;
    const bytesPerSector = head.readUInt16LE(11);
    const perCluster = head[13] ?? 0;
    const fats = head[16] ?? 0;
    if (![512, 1024, 2048, 4096].includes(bytesPerSector) || perCluster === 0 || (perCluster & (perCluster - 1)) !== 0) return null;
    if (head.readUInt16LE(14) === 0 || fats < 1 || fats > 2) return null;
    // Type strings: `FAT12   `, `FAT16   `, `FAT     ` at 54 (FAT12/16), `FAT32   ` at 82.
    if (!head.toString('latin1', 54, 57).startsWith('FAT') && head.toString('latin1', 82, 87) !== 'FAT32') return null;
    const sectors = head.readUInt16LE(19) || head.readUInt32LE(32);
    if (sectors === 0) return null;
    return { start: 0, end: Math.min(reader.size, sectors * bytesPerSector) };
  },
  extract: (ctx) => extractWith7z(ctx, 'fat'),
};
