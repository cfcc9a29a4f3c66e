// ELF (System V gABI, 32/64-bit, both endians) → architecture and hardening, with
// bounded reads only. Semantics follow checksec (bench/hardening compares them):
//   NX:      PT_GNU_STACK present without PF_X → true; with PF_X or absent → false
//            (absent means the kernel may map an executable stack); no program headers → undefined.
//   PIE:     ET_EXEC → false. ET_DYN with PT_INTERP or DF_1_PIE in DT_FLAGS_1 → true, and the
//            file is typed `executable`. Any other ET_DYN is a shared library: `shared-object`,
//            pie undefined (checksec prints "DSO").
//   RELRO:   no PT_GNU_RELRO → none; PT_GNU_RELRO → partial; plus BIND_NOW (DT_BIND_NOW,
//            DF_BIND_NOW or DF_1_NOW) → full.
//   canary:  __stack_chk_fail/__stack_chk_guard/__intel_security_cookie imported (an undefined
//            dynamic or .symtab symbol); a global definition counts only without PT_INTERP (static
//            executables resolve the import at link time; libc provides it). A local definition
//            (a program's own function of that name) never counts.
//   cfi / safeStack: Clang CFI or SafeStack runtime symbols (hardening.ts), dynamic or .symtab.
//   separateCode: code in R+X PT_LOADs of its own: none maps the ELF header (file offset 0)
//            or a read-only data section (ld -z separate-code, lld's default layout).
//   fortify: a dynamic symbol is a glibc `__X_chk`; fortified = such symbols, fortifiable =
//            fortified + symbols that are the plain X (checksec's counts).
//   stripped: no SHT_SYMTAB section.
import type { ExecutableInfo } from '../model/index.ts';
import type { Reader } from '../util/reader.ts';
import { type Load, readDynamic, readDynamicSymbols } from './elf-dynamic.ts';
import { fields } from './elf-fields.ts';
import { machineName } from './elf-machines.ts';
import { aarch64Bits, cetBits, type NoteFacts, parseNotes } from './elf-notes.ts';
import { type ElfIdent, isDebugSection, readSections, type Section, SHT_DYNSYM, SHT_NOTE, SHT_SYMTAB } from './elf-sections.ts';
import { readSymtab } from './elf-symbols.ts';
import { CANARY_SYMBOLS, fortifyCounts, isCfiSymbol, isSafeStackSymbol, missingMitigations, SANITIZERS, UNSAFE_FUNCTIONS } from './hardening.ts';

export const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

const ET_REL = 1;
const ET_EXEC = 2;
const ET_DYN = 3;
const ET_CORE = 4;
const EM_386 = 3;
const EM_X86_64 = 62;
const EM_AARCH64 = 183;
const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const PT_INTERP = 3;
const PT_NOTE = 4;
const PT_GNU_STACK = 0x6474e551;
const PT_GNU_RELRO = 0x6474e552;
const PF_X = 1;
const PF_W = 2;
const PN_XNUM = 0xffff;
const SHT_NOBITS = 8;
/** Real binaries have tens of program headers; cap what we read. */
const MAX_PHDRS = 4096;
const MAX_NOTE_BYTES = 64 * 1024;

export interface ElfProblem {
  code: string;
  message: string;
}
/** The attributes found, with problems met on the way (partial results), or a fatal error. */
export type ElfResult = { info: ExecutableInfo; problems?: ElfProblem[] } | { error: ElfProblem };

interface Phdr {
  type: number;
  flags: number;
  offset: number;
  vaddr: number;
  filesz: number;
}

export function isElf(head: Buffer): boolean {
  return head.length >= 4 && head.subarray(0, 4).equals(ELF_MAGIC);
}

export async function readElf(reader: Reader, signal?: AbortSignal): Promise<ElfResult> {
  const ident = await reader.read(0, 64);
  if (ident.length < 16 || !isElf(ident)) return fail('malformed', 'not an ELF file');
  const bits = ident[4] === 1 ? 32 : ident[4] === 2 ? 64 : undefined;
  const little = ident[5] === 1 ? true : ident[5] === 2 ? false : undefined;
  if (bits === undefined || little === undefined) return fail('malformed', `bad ELF class ${ident[4]} or data encoding ${ident[5]}`);
  const headerSize = bits === 64 ? 64 : 52;
  if (ident.length < headerSize) return fail('truncated', `ELF header needs ${headerSize} bytes, file has ${ident.length}`);
  const id: ElfIdent = { little, bits };
  const f = fields(ident, little, bits);
  const eType = f.u16(16);
  const eMachine = f.u16(18);
  const info: ExecutableInfo = { format: 'elf', machine: machineName(eMachine), bits, endianness: little ? 'little' : 'big', type: typeName(eType) };
  const problems: ElfProblem[] = [];
  const shoff = bits === 64 ? f.addr(40) : f.addr(32);
  const shentsize = f.u16(bits === 64 ? 58 : 46);
  let shnum = f.u16(bits === 64 ? 60 : 48);
  let shstrndx = f.u16(bits === 64 ? 62 : 50);
  let phnum = f.u16(bits === 64 ? 56 : 44);
  if (phnum === PN_XNUM || (shnum === 0 && shoff !== 0) || shstrndx === 0xffff) {
    // Counts too big for 16 bits sit in section header 0 (sh_size, sh_link, sh_info).
    const sh0 = await reader.read(shoff, bits === 64 ? 64 : 40);
    if (sh0.length < (bits === 64 ? 64 : 40)) {
      if (phnum === PN_XNUM) return fail('truncated', 'section header 0 (program header count) cut short');
    } else {
      const s = fields(sh0, little, bits);
      if (phnum === PN_XNUM) phnum = s.u32(bits === 64 ? 44 : 28);
      if (shnum === 0) shnum = Math.min(s.addr(bits === 64 ? 32 : 20), 0x10000000);
      if (shstrndx === 0xffff) shstrndx = s.u32(bits === 64 ? 40 : 24);
    }
  }
  const phdrs = await readPhdrs(reader, id, bits === 64 ? f.addr(32) : f.addr(28), f.u16(bits === 64 ? 54 : 42), phnum);
  if ('error' in phdrs) return phdrs;
  const sec = await readSections(reader, id, shoff, shentsize, shnum, shstrndx);
  if (sec.problem) problems.push({ code: 'malformed', message: sec.problem });
  const sections = sec.sections;

  const loads: Load[] = phdrs.filter((p) => p.type === PT_LOAD);
  const dynPh = phdrs.find((p) => p.type === PT_DYNAMIC);
  const dyn = dynPh ? await readDynamic(reader, id, { offset: dynPh.offset, size: dynPh.filesz }, loads, sections) : undefined;
  if (dyn?.problem) problems.push({ code: 'truncated', message: dyn.problem });
  const dynsym = dyn ? await readDynamicSymbols(reader, id, sections, loads, dyn) : { symbols: [], entries: 0 };
  const symbols = dynsym.symbols;
  const isCanary = (name: string): boolean => (CANARY_SYMBOLS as readonly string[]).includes(name);
  const table = await readSymtab(reader, id, sections, (name) => isCanary(name) || isCfiSymbol(name) || isSafeStackSymbol(name), signal);
  const staticSymbols = table?.symbols ?? [];

  if (phdrs.length > 0) {
    const stack = phdrs.find((p) => p.type === PT_GNU_STACK);
    info.nx = stack !== undefined && (stack.flags & PF_X) === 0;
  }
  if (eType === ET_EXEC) info.pie = false;
  else if (eType === ET_DYN && (phdrs.some((p) => p.type === PT_INTERP) || dyn?.facts.pieFlag)) {
    info.pie = true;
    info.type = 'executable';
  }
  if (phdrs.length > 0) info.relro = phdrs.some((p) => p.type === PT_GNU_RELRO) ? (dyn?.facts.bindNow ? 'full' : 'partial') : 'none';
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  const interp = phdrs.some((p) => p.type === PT_INTERP);
  info.canary = [...symbols.map((s) => ({ ...s, local: false })), ...staticSymbols].some(
    (s) => isCanary(s.name) && (!s.defined || (!s.local && !interp)),
  );
  info.cfi = symbols.some((s) => isCfiSymbol(s.name)) || staticSymbols.some((s) => isCfiSymbol(s.name));
  info.safeStack = symbols.some((s) => isSafeStackSymbol(s.name)) || staticSymbols.some((s) => isSafeStackSymbol(s.name));
  if (phdrs.length > 0) info.separateCode = separateCode(loads, sections);
  Object.assign(info, fortifyCounts(symbols.map((s) => s.name)));
  info.rpath = dyn?.facts.rpath ?? [];
  info.runpath = dyn?.facts.runpath ?? [];
  info.stripped = symtab === undefined;
  info.debugInfo = sections.some((s) => isDebugSection(s.name));
  const notes = await readNotes(reader, id, phdrs, sections);
  if (eMachine === EM_386 || eMachine === EM_X86_64) Object.assign(info, cetBits(notes.x86Features));
  if (eMachine === EM_AARCH64) Object.assign(info, aarch64Bits(notes.aarch64Features));
  if (phdrs.length > 0) info.rwxSegments = loads.some((p) => (p.flags & (PF_W | PF_X)) === (PF_W | PF_X));
  info.textrel = dyn?.facts.textrel ?? false;
  info.sanitizers = SANITIZERS.filter((s) => symbols.some((y) => y.name.startsWith(s.prefix)) || dyn?.facts.needed.some((n) => s.library.test(n))).map((s) => s.name);
  if (notes.buildId) info.buildId = notes.buildId;
  if (dyn?.facts.soname) info.soname = dyn.facts.soname;
  info.needed = dyn?.facts.needed ?? [];
  if (sections.some((s) => s.type === SHT_DYNSYM) || dynsym.entries > 0) info.dynsymSymbols = dynsym.entries;
  if (table) info.symtabSymbols = table.entries;
  info.importedSymbols = symbols.filter((s) => !s.defined).length;
  info.exportedSymbols = symbols.filter((s) => s.exported).length;
  info.unsafeImports = [...new Set(symbols.filter((s) => !s.defined && UNSAFE_FUNCTIONS.has(s.name)).map((s) => s.name))].sort();
  info.missing = missingMitigations(info);
  return problems.length > 0 ? { info, problems } : { info };
}

async function readPhdrs(reader: Reader, id: ElfIdent, phoff: number, phentsize: number, phnum: number): Promise<Phdr[] | { error: ElfProblem }> {
  if (phnum === 0) return [];
  const minEntry = id.bits === 64 ? 56 : 32;
  if (phentsize < minEntry) return fail('malformed', `program header size ${phentsize} < ${minEntry}`);
  if (phnum > MAX_PHDRS) return fail('malformed', `${phnum} program headers`);
  const table = await reader.read(phoff, phnum * phentsize);
  if (table.length < phnum * phentsize) return fail('truncated', `program header table at ${phoff} runs past the end of the file`);
  const t = fields(table, id.little, id.bits);
  const out: Phdr[] = [];
  for (let i = 0; i < phnum; i++) {
    const b = i * phentsize;
    out.push(
      id.bits === 64
        ? { type: t.u32(b), flags: t.u32(b + 4), offset: t.addr(b + 8), vaddr: t.addr(b + 16), filesz: t.addr(b + 32) }
        : { type: t.u32(b), flags: t.u32(b + 24), offset: t.u32(b + 4), vaddr: t.u32(b + 8), filesz: t.u32(b + 16) },
    );
  }
  return out;
}

/** Notes from PT_NOTE segments, or from SHT_NOTE sections when there are no program headers. */
async function readNotes(reader: Reader, id: ElfIdent, phdrs: Phdr[], sections: Section[]): Promise<NoteFacts> {
  const facts: NoteFacts = {};
  const areas = phdrs.length > 0 ? phdrs.filter((p) => p.type === PT_NOTE).map((p) => ({ offset: p.offset, size: p.filesz })) : sections.filter((s) => s.type === SHT_NOTE);
  for (const area of areas.slice(0, 64)) {
    const buf = await reader.read(area.offset, Math.min(area.size, MAX_NOTE_BYTES));
    parseNotes(buf, id.little, id.bits, facts);
  }
  return facts;
}

/**
 * Whether code has PT_LOADs of its own: at least one executable segment, and none that
 * maps the ELF header or a read-only data section (which GNU ld's default before 2.31
 * and `-z noseparate-code` put in the text segment, making their bytes executable).
 */
function separateCode(loads: Load[], sections: Section[]): boolean {
  const code = loads.filter((l) => (l.flags & PF_X) !== 0);
  if (code.length === 0) return false;
  const readOnly = sections.filter((s) => s.type !== SHT_NOBITS && (s.name === '.rodata' || s.name.startsWith('.rodata.') || s.name === '.eh_frame'));
  return code.every((l) => l.offset !== 0 && !readOnly.some((s) => s.offset >= l.offset && s.offset < l.offset + l.filesz));
}

function typeName(eType: number): string {
  switch (eType) {
    case ET_REL:
      return 'relocatable';
    case ET_EXEC:
      return 'executable';
    case ET_DYN:
      return 'shared-object';
    case ET_CORE:
      return 'core';
    default:
      return `unknown(${eType})`;
  }
}

function fail(code: string, message: string): { error: ElfProblem } {
  return { error: { code, message } };
}
