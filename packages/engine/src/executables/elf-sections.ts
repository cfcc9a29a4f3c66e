// ELF section headers: names, the symbol tables, notes and debug sections. Sections
// are optional (sstrip removes them): every caller copes with an empty list.
import type { Reader } from '../util/reader.ts';
import { cString, fields } from './elf-fields.ts';

export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_NOTE = 7;
export const SHT_DYNSYM = 11;

export interface Section {
  name: string;
  type: number;
  offset: number;
  size: number;
  link: number;
  entsize: number;
}

export interface ElfIdent {
  little: boolean;
  bits: 32 | 64;
}

/** Real binaries have tens of sections; a lying count is refused beyond this. */
const MAX_SECTIONS = 65535;
const MAX_SHSTRTAB = 1024 * 1024;

export async function readSections(
  reader: Reader,
  id: ElfIdent,
  shoff: number,
  shentsize: number,
  shnum: number,
  shstrndx: number,
): Promise<{ sections: Section[]; problem?: string }> {
  if (shoff === 0 || shnum === 0) return { sections: [] };
  const minEntry = id.bits === 64 ? 64 : 40;
  if (shentsize < minEntry) return { sections: [], problem: `section header size ${shentsize} < ${minEntry}` };
  if (shnum > MAX_SECTIONS) return { sections: [], problem: `${shnum} section headers` };
  const table = await reader.read(shoff, shnum * shentsize);
  if (table.length < shnum * shentsize) return { sections: [], problem: `section header table at ${shoff} runs past the end of the file` };
  const f = fields(table, id.little, id.bits);
  const raw: (Omit<Section, 'name'> & { nameOffset: number })[] = [];
  for (let i = 0; i < shnum; i++) {
    const b = i * shentsize;
    raw.push(
      id.bits === 64
        ? { nameOffset: f.u32(b), type: f.u32(b + 4), offset: f.addr(b + 24), size: f.addr(b + 32), link: f.u32(b + 40), entsize: f.addr(b + 56) }
        : { nameOffset: f.u32(b), type: f.u32(b + 4), offset: f.u32(b + 16), size: f.u32(b + 20), link: f.u32(b + 24), entsize: f.u32(b + 36) },
    );
  }
  const strtab = raw[shstrndx];
  const names = strtab && strtab.offset + strtab.size <= reader.size ? await reader.read(strtab.offset, Math.min(strtab.size, MAX_SHSTRTAB)) : Buffer.alloc(0);
  const sections = raw.map(({ nameOffset, ...s }) => ({ name: cString(names, nameOffset, 256), ...s }));
  const past = sections.find((s) => s.type !== 8 && s.offset + s.size > reader.size);
  return past ? { sections, problem: `section ${past.name || '?'} at ${past.offset} runs past the end of the file` } : { sections };
}

export function isDebugSection(name: string): boolean {
  // .debug_info, .zdebug_line (compressed DWARF, old style)
  return name.startsWith('.debug_') || name.startsWith('.zdebug_');
}
