// The slice table of a fat (universal) Mach-O file (Apple's <mach-o/fat.h>): big-endian
// count, then {cputype, cpusubtype, offset, size, align} per slice, with 64-bit offset
// and size in fat64. Shared by the executable analysis and the section lookup.

export interface FatSlice {
  cpu: number;
  offset: number;
  size: number;
}

/** Slices read at most. */
const MAX_SLICES = 16;

/** True when the first 4 bytes are a fat magic (fat or fat64). */
export function isFat(head: Buffer): boolean {
  const magic = head.readUInt32BE(0);
  return magic === 0xcafebabe || magic === 0xcafebabf;
}

/** The slices of a fat file whose first 8 bytes are `head`; a string when the table is cut short. */
export async function fatSlices(read: (offset: number, length: number) => Promise<Buffer>, head: Buffer): Promise<FatSlice[] | string> {
  const fat64 = head.readUInt32BE(0) === 0xcafebabf;
  const count = Math.min(head.readUInt32BE(4), MAX_SLICES);
  const entry = fat64 ? 32 : 20;
  const table = await read(8, count * entry);
  if (table.length < count * entry) return 'fat header cut short';
  return Array.from({ length: count }, (_, i) => {
    const at = i * entry;
    return {
      cpu: table.readUInt32BE(at),
      offset: fat64 ? Number(table.readBigUInt64BE(at + 8)) : table.readUInt32BE(at + 8),
      size: fat64 ? Number(table.readBigUInt64BE(at + 16)) : table.readUInt32BE(at + 12),
    };
  });
}
