// Mach-O (thin 32/64-bit, either byte order, and fat/universal) → architecture and
// hardening, with bounded reads (Apple's <mach-o/loader.h>, <mach-o/fat.h>, <mach-o/nlist.h>).
//   pie: MH_PIE in the header flags (executables only).
//   nx / allowStackExecution: MH_ALLOW_STACK_EXECUTION; noHeapExecution: MH_NO_HEAP_EXECUTION.
//   canary: an undefined ___stack_chk_fail / ___stack_chk_guard symbol.
//   arc: _objc_release, _objc_retain or _objc_alloc imported (the ARC runtime entry points).
//   fortify: imported ___X_chk functions, counted as on ELF; sanitizers: ___asan_init, ... imported.
//   cfi / safeStack: Clang CFI or SafeStack runtime symbols; symtabSymbols: LC_SYMTAB's nsyms.
//   encrypted: LC_ENCRYPTION_INFO(_64) with cryptid ≠ 0; codeSignature: LC_CODE_SIGNATURE.
//   restrict: a __RESTRICT segment, or a __restrict section (object files carry sections
//   in one unnamed segment); dyld then ignores DYLD_* environment variables.
// A fat file reports its first slice, with every slice's machine in `architectures`.
import type { ExecutableInfo } from '../model/index.ts';
import { MAX_READ, type Reader } from '../util/reader.ts';
import { fortifyCounts, isCfiSymbol, isSafeStackSymbol, missingMitigations, SANITIZERS, UNSAFE_FUNCTIONS } from './hardening.ts';
import { fatSlices, isFat } from './macho-fat.ts';

export type MachOResult = { info: ExecutableInfo; problems?: { code: string; message: string }[] } | { error: { code: string; message: string } };

const CPU: Record<number, string> = { 7: 'x86', 0x01000007: 'x86-64', 12: 'arm', 0x0100000c: 'aarch64', 0x0200000c: 'arm64_32', 18: 'ppc', 0x01000012: 'ppc64' };
const FILE_TYPES: Record<number, string> = { 1: 'relocatable', 2: 'executable', 4: 'core', 6: 'shared-object', 7: 'dynamic-linker', 8: 'bundle', 9: 'shared-object-stub', 11: 'kext-bundle' };
const MH_ALLOW_STACK_EXECUTION = 0x20000;
const MH_PIE = 0x200000;
const MH_NO_HEAP_EXECUTION = 0x1000000;
const LC = { SEGMENT: 0x1, SYMTAB: 0x2, LOAD_DYLIB: 0xc, ID_DYLIB: 0xd, SEGMENT_64: 0x19, UUID: 0x1b, CODE_SIGNATURE: 0x1d, ENCRYPTION_INFO: 0x21, ENCRYPTION_INFO_64: 0x2c, LOAD_WEAK_DYLIB: 0x80000018, RPATH: 0x8000001c, REEXPORT_DYLIB: 0x8000001f };
const MAX_COMMANDS = 4096;
const ARC_IMPORTS = ['_objc_release', '_objc_retain', '_objc_alloc'];
/** Java class files share CAFEBABE; their "slice count" (the class version) is 45 or more. */
const MAX_FAT_ARCHS = 20;

/** Thin Mach-O magic (either byte order) or a fat header with a plausible slice count. */
export function isMachO(head: Buffer): boolean {
  if (head.length < 8) return false;
  const be = head.readUInt32BE(0);
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(be)) return true;
  return isFat(head) && head.readUInt32BE(4) > 0 && head.readUInt32BE(4) < MAX_FAT_ARCHS;
}

export async function readMachO(reader: Reader): Promise<MachOResult> {
  const head = await reader.read(0, 8);
  if (!isMachO(head)) return fail('malformed', 'no Mach-O magic');
  if (!isFat(head)) return readThin(reader, 0, reader.size);
  const slices = await fatSlices((offset, length) => reader.read(offset, length), head);
  if (typeof slices === 'string') return fail('truncated', slices);
  const first = slices[0];
  if (!first || first.offset + 28 > reader.size) return fail('truncated', 'fat slice outside the file');
  const result = await readThin(reader, first.offset, Math.min(first.size, reader.size - first.offset));
  if ('info' in result) result.info.architectures = slices.map((s) => CPU[s.cpu] ?? `cpu-0x${s.cpu.toString(16)}`);
  return result;
}

async function readThin(reader: Reader, base: number, size: number): Promise<MachOResult> {
  const header = await reader.read(base, 32);
  if (header.length < 28) return fail('truncated', 'Mach-O header cut short');
  const raw = header.readUInt32LE(0);
  const le = raw === 0xfeedface || raw === 0xfeedfacf;
  const u32 = (b: Buffer, at: number): number => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const bits = (le ? raw : header.readUInt32BE(0)) === 0xfeedfacf ? 64 : 32;
  const cpu = u32(header, 4);
  const fileType = u32(header, 12);
  const ncmds = u32(header, 16);
  const sizeofcmds = u32(header, 20);
  const flags = u32(header, 24);
  const problems: { code: string; message: string }[] = [];
  const headerSize = bits === 64 ? 32 : 28;
  if (ncmds > MAX_COMMANDS || sizeofcmds > Math.min(size, MAX_READ)) return fail('malformed', `implausible load commands (${ncmds}, ${sizeofcmds} bytes)`);
  const cmds = await reader.read(base + headerSize, sizeofcmds);
  if (cmds.length < sizeofcmds) problems.push({ code: 'truncated', message: 'load commands cut short' });
  const info: ExecutableInfo = {
    format: 'macho',
    machine: CPU[cpu] ?? `cpu-0x${cpu.toString(16)}`,
    bits,
    endianness: le ? 'little' : 'big',
    type: FILE_TYPES[fileType] ?? `type-${fileType}`,
  };
  const needed: string[] = [];
  const rpath: string[] = [];
  let symtab: { symoff: number; nsyms: number; stroff: number; strsize: number } | undefined;
  let encrypted = false;
  let codeSignature = false;
  let restrict = false;
  const cstr = (at: number, end: number): string => {
    const s = cmds.subarray(at, end);
    const nul = s.indexOf(0);
    return s.toString('utf8', 0, nul < 0 ? s.length : nul);
  };
  for (let i = 0, at = 0; i < ncmds; i++) {
    if (at + 8 > cmds.length) break;
    const cmd = u32(cmds, at);
    const len = u32(cmds, at + 4);
    if (len < 8 || at + len > cmds.length) {
      problems.push({ code: 'malformed', message: `load command ${i} has size ${len}` });
      break;
    }
    if (cmd === LC.SEGMENT || cmd === LC.SEGMENT_64) restrict ||= hasRestrict(cmds.subarray(at, at + len), cmd === LC.SEGMENT_64, u32);
    else if (cmd === LC.SYMTAB && len >= 24) symtab = { symoff: u32(cmds, at + 8), nsyms: u32(cmds, at + 12), stroff: u32(cmds, at + 16), strsize: u32(cmds, at + 20) };
    else if (cmd === LC.CODE_SIGNATURE) codeSignature = true;
    else if ((cmd === LC.ENCRYPTION_INFO || cmd === LC.ENCRYPTION_INFO_64) && len >= 20) encrypted ||= u32(cmds, at + 16) !== 0;
    else if ((cmd === LC.LOAD_DYLIB || cmd === LC.LOAD_WEAK_DYLIB || cmd === LC.REEXPORT_DYLIB) && len >= 12) needed.push(cstr(at + u32(cmds, at + 8), at + len));
    else if (cmd === LC.ID_DYLIB && len >= 12) info.soname = cstr(at + u32(cmds, at + 8), at + len);
    else if (cmd === LC.RPATH && len >= 12) rpath.push(cstr(at + u32(cmds, at + 8), at + len));
    else if (cmd === LC.UUID && len >= 24) info.buildId = cmds.toString('hex', at + 8, at + 24);
    at += len;
  }
  const symbols = symtab ? await readSymbols(reader, base, size, symtab, bits, le, problems) : { imports: [], exports: 0, marked: [] };
  const imported = new Set(symbols.imports);
  info.nx = (flags & MH_ALLOW_STACK_EXECUTION) === 0;
  if (fileType === 2) info.pie = (flags & MH_PIE) !== 0;
  info.canary = imported.has('___stack_chk_fail') || imported.has('___stack_chk_guard');
  info.arc = ARC_IMPORTS.some((name) => imported.has(name));
  Object.assign(info, fortifyCounts(symbols.imports));
  info.sanitizers = SANITIZERS.filter((s) => symbols.imports.some((name) => name.startsWith(`_${s.prefix}`))).map((s) => s.name);
  info.cfi = symbols.marked.some(isCfiSymbol);
  info.safeStack = symbols.marked.some(isSafeStackSymbol);
  if (symtab) info.symtabSymbols = symtab.nsyms;
  info.encrypted = encrypted;
  info.codeSignature = codeSignature;
  info.restrict = restrict;
  info.allowStackExecution = (flags & MH_ALLOW_STACK_EXECUTION) !== 0;
  info.noHeapExecution = (flags & MH_NO_HEAP_EXECUTION) !== 0;
  if (rpath.length > 0) info.rpath = rpath;
  if (needed.length > 0) info.needed = needed;
  info.importedSymbols = imported.size;
  info.exportedSymbols = symbols.exports;
  const unsafe = [...imported].map((s) => s.replace(/^_/, '')).filter((s) => UNSAFE_FUNCTIONS.has(s)).sort();
  if (unsafe.length > 0) info.unsafeImports = unsafe;
  info.missing = missingMitigations(info);
  return problems.length > 0 ? { info, problems } : { info };
}

/** A segment named __RESTRICT, or one of its sections named __restrict or placed in __RESTRICT. */
function hasRestrict(command: Buffer, is64: boolean, u32: (b: Buffer, at: number) => number): boolean {
  const name = (at: number): string => {
    const field = command.subarray(at, at + 16);
    const nul = field.indexOf(0);
    return field.toString('latin1', 0, nul < 0 ? field.length : nul);
  };
  if (name(8) === '__RESTRICT') return true;
  const [headerSize, sectionSize, nsectsAt] = is64 ? [72, 80, 64] : [56, 68, 48];
  if (command.length < headerSize) return false;
  const nsects = u32(command, nsectsAt);
  for (let i = 0, at = headerSize; i < nsects && at + sectionSize <= command.length; i++, at += sectionSize) {
    if (name(at) === '__restrict' || name(at + 16) === '__RESTRICT') return true;
  }
  return false;
}

/**
 * Undefined external symbols (imports) by name, the count of defined external ones, and
 * the names of any symbol (local ones too) that marks Clang CFI or SafeStack.
 */
async function readSymbols(
  reader: Reader,
  base: number,
  size: number,
  symtab: { symoff: number; nsyms: number; stroff: number; strsize: number },
  bits: 32 | 64,
  le: boolean,
  problems: { code: string; message: string }[],
): Promise<{ imports: string[]; exports: number; marked: string[] }> {
  const entry = bits === 64 ? 16 : 12;
  const nsyms = Math.min(symtab.nsyms, Math.floor(MAX_READ / entry));
  const strsize = Math.min(symtab.strsize, MAX_READ);
  if (symtab.symoff + nsyms * entry > size || symtab.stroff + strsize > size) {
    problems.push({ code: 'truncated', message: 'symbol table outside the file' });
    return { imports: [], exports: 0, marked: [] };
  }
  const table = await reader.read(base + symtab.symoff, nsyms * entry);
  const strings = await reader.read(base + symtab.stroff, strsize);
  const imports: string[] = [];
  const marked: string[] = [];
  let exports = 0;
  const nameAt = (strx: number): string => {
    const end = strings.indexOf(0, strx);
    return strings.toString('latin1', strx, end < 0 ? strings.length : end);
  };
  for (let i = 0; i + entry <= table.length; i += entry) {
    const strx = le ? table.readUInt32LE(i) : table.readUInt32BE(i);
    const type = table[i + 4] ?? 0;
    if ((type & 0xe0) !== 0) continue; // debugging (stab) entries
    const name = strx < strings.length ? nameAt(strx) : '';
    if (isCfiSymbol(name) || isSafeStackSymbol(name)) marked.push(name);
    if ((type & 0x01) === 0) continue; // not external
    if ((type & 0x0e) === 0x0e) exports++;
    else if ((type & 0x0e) === 0 && name) imports.push(name);
  }
  return { imports, exports, marked };
}

function fail(code: string, message: string): MachOResult {
  return { error: { code, message } };
}
