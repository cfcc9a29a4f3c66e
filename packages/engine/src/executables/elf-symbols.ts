// The static symbol table (.symtab): its size and the entries the hardening checks
// look for, with binding and definedness. Stripped files have none.
import type { Reader } from '../util/reader.ts';
import { cString, fields } from './elf-fields.ts';
import { type ElfIdent, type Section, SHT_SYMTAB } from './elf-sections.ts';

export interface TableSymbol {
  name: string;
  /** st_shndx ≠ SHN_UNDEF. */
  defined: boolean;
  /** STB_LOCAL: visible inside the file only. */
  local: boolean;
}

/** A static binary of Chromium's size has a few million entries; stop there. */
const MAX_SYMTAB_BYTES = 64 * 1024 * 1024;
const MAX_STRTAB_BYTES = 64 * 1024 * 1024;
const CHUNK = 4 * 1024 * 1024;

/**
 * The .symtab's entry count as readelf gives it (the null entry included) and the
 * symbols `keep` accepts. Undefined when the file has no .symtab.
 */
export async function readSymtab(
  reader: Reader,
  id: ElfIdent,
  sections: Section[],
  keep: (name: string) => boolean,
  signal?: AbortSignal,
): Promise<{ entries: number; symbols: TableSymbol[] } | undefined> {
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  if (!symtab) return undefined;
  const entsize = id.bits === 64 ? 24 : 16;
  const entries = Math.floor(symtab.size / entsize);
  const link = sections[symtab.link];
  const strings = link ? await readBounded(reader, link.offset, Math.min(link.size, MAX_STRTAB_BYTES)) : Buffer.alloc(0);
  const symbols: TableSymbol[] = [];
  const end = symtab.offset + Math.min(entries * entsize, MAX_SYMTAB_BYTES);
  const step = CHUNK - (CHUNK % entsize);
  for (let pos = symtab.offset; pos < end; pos += step) {
    signal?.throwIfAborted();
    const table = await reader.read(pos, Math.min(step, end - pos));
    const f = fields(table, id.little, id.bits);
    for (let at = 0; at + entsize <= table.length; at += entsize) {
      const name = cString(strings, f.u32(at), 1024);
      if (!name || !keep(name)) continue;
      const info = f.u8(at + (id.bits === 64 ? 4 : 12));
      const shndx = f.u16(at + (id.bits === 64 ? 6 : 14));
      symbols.push({ name, defined: shndx !== 0, local: info >> 4 === 0 });
    }
    if (table.length < Math.min(step, end - pos)) break;
  }
  return { entries, symbols };
}

async function readBounded(reader: Reader, offset: number, size: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let pos = 0; pos < size; pos += CHUNK) {
    const part = await reader.read(offset + pos, Math.min(CHUNK, size - pos));
    parts.push(part);
    if (part.length < Math.min(CHUNK, size - pos)) break;
  }
  return Buffer.concat(parts);
}
