// The parts of a PE image a cataloger seeks through: data directories and the
// RVA → file offset mapping of the section table (Microsoft PE/COFF specification).
// executables/pe.ts reads hardening facts and keeps its layout private; this reads
// only what locating the CLI header, the resources and named sections needs.

export type ReadRange = (offset: number, length: number) => Promise<Buffer>;

export interface PeLayout {
  /** Data directory `index` (2 resources, 14 CLI header), or undefined when absent. */
  directory(index: number): { rva: number; size: number } | undefined;
  /** File offset of an RVA, undefined when no section's raw data holds it. */
  offsetOf(rva: number): number | undefined;
  /**
   * The file bytes of the section named `name`: its raw data, cut to the virtual size when
   * that is smaller (the rest is file-alignment padding). Undefined when absent. Names of
   * up to 8 bytes only (`.dep-v0`): longer ones point into a string table (`/4`), unread.
   */
  section(name: string): { offset: number; size: number } | undefined;
}

const MAX_SECTIONS = 96;

/** The layout, or why the file is not a PE image. */
export async function readPeLayout(read: ReadRange): Promise<PeLayout | string> {
  const dos = await read(0, 64);
  if (dos.length < 64 || dos.readUInt16LE(0) !== 0x5a4d) return 'no MZ header';
  const peOffset = dos.readUInt32LE(0x3c);
  const head = await read(peOffset, 24 + 240);
  if (head.length < 24 || head.readUInt32LE(0) !== 0x4550) return `no PE signature at ${peOffset}`;
  const nSections = head.readUInt16LE(6);
  const optSize = head.readUInt16LE(20);
  const opt = head.subarray(24, 24 + optSize);
  if (opt.length < 2) return 'optional header cut short';
  const magic = opt.readUInt16LE(0);
  if (magic !== 0x10b && magic !== 0x20b) return `optional header magic 0x${magic.toString(16)}`;
  // PE32+ drops BaseOfData and widens four fields: directories start 16 bytes later.
  const dirBase = magic === 0x20b ? 112 : 96;
  if (opt.length < dirBase) return 'optional header cut short';
  const nDirs = Math.min(opt.readUInt32LE(dirBase - 4), 16, Math.floor((opt.length - dirBase) / 8));
  if (nSections > MAX_SECTIONS) return `${nSections} sections`;
  const table = await read(peOffset + 24 + optSize, nSections * 40);
  const sections: { name: string; vaddr: number; vsize: number; rawOffset: number; rawSize: number }[] = [];
  for (let p = 0; p + 40 <= table.length; p += 40) {
    // An 8-byte name, NUL-padded; sample `.dep-v0\0`.
    const name = table.toString('latin1', p, p + 8).replace(/\0.*$/s, '');
    sections.push({ name, vsize: table.readUInt32LE(p + 8), vaddr: table.readUInt32LE(p + 12), rawSize: table.readUInt32LE(p + 16), rawOffset: table.readUInt32LE(p + 20) });
  }
  return {
    directory: (index) => {
      if (index >= nDirs) return undefined;
      const rva = opt.readUInt32LE(dirBase + index * 8);
      const size = opt.readUInt32LE(dirBase + index * 8 + 4);
      return rva !== 0 && size !== 0 ? { rva, size } : undefined;
    },
    offsetOf: (rva) => {
      const s = sections.find((x) => rva >= x.vaddr && rva < x.vaddr + Math.max(x.vsize, x.rawSize));
      return s && rva - s.vaddr < s.rawSize ? s.rawOffset + (rva - s.vaddr) : undefined;
    },
    section: (name) => {
      const s = sections.find((x) => x.name === name);
      if (!s || s.rawSize === 0) return undefined;
      return { offset: s.rawOffset, size: s.vsize !== 0 && s.vsize < s.rawSize ? s.vsize : s.rawSize };
    },
  };
}
