// The ELF dynamic section (PT_DYNAMIC) and dynamic symbols: linking facts
// (NEEDED, SONAME, RPATH/RUNPATH, BIND_NOW, TEXTREL, PIE flag) and imports/exports.
import type { Reader } from '../util/reader.ts';
import { cString, fields } from './elf-fields.ts';
import { SHT_DYNSYM, type ElfIdent, type Section } from './elf-sections.ts';

const DT_NULL = 0n;
const DT_NEEDED = 1n;
const DT_HASH = 4n;
const DT_STRTAB = 5n;
const DT_SYMTAB = 6n;
const DT_STRSZ = 10n;
const DT_SONAME = 14n;
const DT_RPATH = 15n;
const DT_DEBUG = 21n;
const DT_TEXTREL = 22n;
const DT_BIND_NOW = 24n;
const DT_RUNPATH = 29n;
const DT_FLAGS = 30n;
const DT_FLAGS_1 = 0x6ffffffbn;
const DF_TEXTREL = 4n;
const DF_BIND_NOW = 8n;
const DF_1_NOW = 1n;
const DF_1_PIE = 0x08000000n;
/** A dynamic section of a few thousand entries is already huge. */
const MAX_DYNAMIC_BYTES = 1024 * 1024;
const MAX_TABLE = 16 * 1024 * 1024;

export interface Load {
  flags: number;
  vaddr: number;
  offset: number;
  filesz: number;
}

export interface DynamicFacts {
  needed: string[];
  soname?: string;
  rpath: string[];
  runpath: string[];
  bindNow: boolean;
  textrel: boolean;
  pieFlag: boolean;
  debugTag: boolean;
}

export interface DynamicSymbol {
  name: string;
  defined: boolean;
  /** Global/weak/unique binding with default or protected visibility. */
  exported: boolean;
}

/** Dynamic entries and their strings; strings via DT_STRTAB mapped through PT_LOAD, else .dynstr. */
export async function readDynamic(
  reader: Reader,
  id: ElfIdent,
  dynamic: { offset: number; size: number },
  loads: Load[],
  sections: Section[],
): Promise<{ facts: DynamicFacts; problem?: string; strtab: Buffer; strAddr?: number; symtabAddr?: number; hashAddr?: number }> {
  const facts: DynamicFacts = { needed: [], rpath: [], runpath: [], bindNow: false, textrel: false, pieFlag: false, debugTag: false };
  const size = Math.min(dynamic.size, MAX_DYNAMIC_BYTES);
  const data = await reader.read(dynamic.offset, size);
  const problem = data.length < size ? `dynamic section at ${dynamic.offset} runs past the end of the file` : undefined;
  const entry = id.bits === 64 ? 16 : 8;
  const d = fields(data, id.little, id.bits);
  const strings: { tag: bigint; off: number }[] = [];
  let strAddr: number | undefined;
  let strSize = 0;
  let symtabAddr: number | undefined;
  let hashAddr: number | undefined;
  for (let pos = 0; pos + entry <= data.length; pos += entry) {
    const tag = d.word(pos);
    const val = d.word(pos + entry / 2);
    const num = Number(val > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : val);
    if (tag === DT_NULL) break;
    if (tag === DT_NEEDED || tag === DT_SONAME || tag === DT_RPATH || tag === DT_RUNPATH) strings.push({ tag, off: num });
    else if (tag === DT_STRTAB) strAddr = num;
    else if (tag === DT_STRSZ) strSize = num;
    else if (tag === DT_SYMTAB) symtabAddr = num;
    else if (tag === DT_HASH) hashAddr = num;
    else if (tag === DT_BIND_NOW) facts.bindNow = true;
    else if (tag === DT_TEXTREL) facts.textrel = true;
    else if (tag === DT_DEBUG) facts.debugTag = true;
    else if (tag === DT_FLAGS) {
      if (val & DF_BIND_NOW) facts.bindNow = true;
      if (val & DF_TEXTREL) facts.textrel = true;
    } else if (tag === DT_FLAGS_1) {
      if (val & DF_1_NOW) facts.bindNow = true;
      if (val & DF_1_PIE) facts.pieFlag = true;
    }
  }
  const strtab = await readStrtab(reader, loads, sections, strAddr, strSize);
  for (const { tag, off } of strings) {
    const value = cString(strtab, off);
    if (tag === DT_NEEDED && value) facts.needed.push(value);
    else if (tag === DT_SONAME && value) facts.soname = value;
    else if (tag === DT_RPATH) facts.rpath.push(...value.split(':').filter(Boolean));
    else if (tag === DT_RUNPATH) facts.runpath.push(...value.split(':').filter(Boolean));
  }
  return { facts, strtab, strAddr, symtabAddr, hashAddr, ...(problem ? { problem } : {}) };
}

async function readStrtab(reader: Reader, loads: Load[], sections: Section[], addr: number | undefined, size: number): Promise<Buffer> {
  const offset = addr === undefined ? undefined : toOffset(loads, addr);
  if (offset !== undefined && size > 0) return reader.read(offset, Math.min(size, MAX_TABLE));
  const dynstr = sections.find((s) => s.name === '.dynstr');
  return dynstr ? reader.read(dynstr.offset, Math.min(dynstr.size, MAX_TABLE)) : Buffer.alloc(0);
}

/** File offset of a virtual address inside a PT_LOAD's file image. */
export function toOffset(loads: Load[], vaddr: number): number | undefined {
  const load = loads.find((l) => vaddr >= l.vaddr && vaddr < l.vaddr + l.filesz);
  return load ? load.offset + (vaddr - load.vaddr) : undefined;
}

/**
 * The dynamic symbols: from the SHT_DYNSYM section when there are section headers,
 * else from DT_SYMTAB with DT_HASH's chain count (or up to the string table, the
 * usual layout) as readelf does for section-less files. `entries` counts the table's
 * entries as readelf does, the null entry included.
 */
export async function readDynamicSymbols(
  reader: Reader,
  id: ElfIdent,
  sections: Section[],
  loads: Load[],
  dyn: { strtab: Buffer; strAddr?: number; symtabAddr?: number; hashAddr?: number },
): Promise<{ symbols: DynamicSymbol[]; entries: number }> {
  const entsize = id.bits === 64 ? 24 : 16;
  const section = sections.find((s) => s.type === SHT_DYNSYM);
  let offset: number | undefined;
  let count = 0;
  let strtab = dyn.strtab;
  if (section) {
    offset = section.offset;
    count = Math.floor(section.size / entsize);
    const link = sections[section.link];
    if (link && link.offset + link.size <= reader.size) strtab = await reader.read(link.offset, Math.min(link.size, MAX_TABLE));
  } else if (dyn.symtabAddr !== undefined) {
    offset = toOffset(loads, dyn.symtabAddr);
    const hashOffset = dyn.hashAddr === undefined ? undefined : toOffset(loads, dyn.hashAddr);
    if (hashOffset !== undefined) {
      const h = await reader.read(hashOffset, 8);
      if (h.length === 8) count = fields(h, id.little, id.bits).u32(4);
    } else if (dyn.strAddr !== undefined && dyn.strAddr > dyn.symtabAddr) {
      // GNU ld places .dynstr right after .dynsym.
      count = Math.floor((dyn.strAddr - dyn.symtabAddr) / entsize);
    }
  }
  if (offset === undefined || count <= 0) return { symbols: [], entries: 0 };
  const bytes = Math.min(count * entsize, MAX_TABLE, Math.max(0, reader.size - offset));
  const table = await reader.read(offset, bytes);
  const f = fields(table, id.little, id.bits);
  const out: DynamicSymbol[] = [];
  // Entry 0 is the reserved null symbol.
  for (let pos = entsize; pos + entsize <= table.length; pos += entsize) {
    const nameOff = f.u32(pos);
    const info = id.bits === 64 ? f.u8(pos + 4) : f.u8(pos + 12);
    const other = id.bits === 64 ? f.u8(pos + 5) : f.u8(pos + 13);
    const shndx = id.bits === 64 ? f.u16(pos + 6) : f.u16(pos + 14);
    const name = cString(strtab, nameOff, 1024);
    if (!name) continue;
    const bind = info >> 4;
    const visibility = other & 3;
    const defined = shndx !== 0;
    out.push({ name, defined, exported: defined && (bind === 1 || bind === 2 || bind === 10) && (visibility === 0 || visibility === 3) });
  }
  return { symbols: out, entries: Math.floor(table.length / entsize) };
}
