// PE/PE32+ (Microsoft PE/COFF specification) → architecture and hardening, bounded reads.
//   dynamicBase/highEntropyVa/nxCompat/forceIntegrity: IMAGE_DLLCHARACTERISTICS bits.
//   gs:        the load configuration has a SecurityCookie address (/GS).
//   safeSeh:   32-bit only: NO_SEH, or a load configuration with an SEHandlerTable.
//   noSeh, noIsolation, appContainer: the DllCharacteristics bits of those names.
//   importedSymbols / exportedSymbols: import lookup entries; used export address table slots.
//   cfg:       GUARD_CF in DllCharacteristics and CF_INSTRUMENTED in the load config's GuardFlags.
//   cetCompat: IMAGE_DLLCHARACTERISTICS_EX_CET_COMPAT in the debug directory's EX_DLLCHARACTERISTICS entry.
//   authenticode: a certificate table (data directory 4) inside the file. dotnet: a CLR header (14).
import type { ExecutableInfo } from '../model/index.ts';
import type { Reader } from '../util/reader.ts';
import { missingMitigations, UNSAFE_FUNCTIONS } from './hardening.ts';

export type PeResult = { info: ExecutableInfo; problems?: { code: string; message: string }[] } | { error: { code: string; message: string } };

const MACHINES: Record<number, string> = { 0x14c: 'x86', 0x8664: 'x86-64', 0x1c0: 'arm', 0x1c4: 'arm', 0xaa64: 'aarch64', 0x200: 'ia64' };
const DLL_HIGH_ENTROPY_VA = 0x20;
const DLL_DYNAMIC_BASE = 0x40;
const DLL_FORCE_INTEGRITY = 0x80;
const DLL_NX_COMPAT = 0x100;
const DLL_NO_ISOLATION = 0x200;
const DLL_NO_SEH = 0x400;
const DLL_APPCONTAINER = 0x1000;
const DLL_GUARD_CF = 0x4000;
const CF_INSTRUMENTED = 0x100;
const DEBUG_TYPE_EX_DLLCHARACTERISTICS = 20;
const EX_CET_COMPAT = 1;
const MAX_SECTIONS = 96;
const MAX_IMPORT_DLLS = 1024;
const MAX_IMPORTS_PER_DLL = 8192;
/** Hostile import tables could ask for millions of name reads; stop counting here. */
const MAX_IMPORTS = 65536;
const MAX_EXPORTS = 65536;

interface Section {
  vaddr: number;
  vsize: number;
  rawOffset: number;
  rawSize: number;
}

/** 'MZ' with an e_lfanew pointing at 'PE\0\0'. */
export async function isPe(head: Buffer, reader: Reader): Promise<boolean> {
  if (head.length < 64 || head[0] !== 0x4d || head[1] !== 0x5a) return false;
  const sig = await reader.read(head.readUInt32LE(0x3c), 4);
  return sig.length === 4 && sig.readUInt32LE(0) === 0x4550;
}

export async function readPe(reader: Reader): Promise<PeResult> {
  const dos = await reader.read(0, 64);
  if (dos.length < 64 || dos.readUInt16LE(0) !== 0x5a4d) return fail('malformed', 'no MZ header');
  const peOffset = dos.readUInt32LE(0x3c);
  const head = await reader.read(peOffset, 24 + 240);
  if (head.length < 24 || head.readUInt32LE(0) !== 0x4550) return fail('malformed', `no PE signature at ${peOffset}`);
  const machine = head.readUInt16LE(4);
  const nSections = head.readUInt16LE(6);
  const optSize = head.readUInt16LE(20);
  const characteristics = head.readUInt16LE(22);
  if (head.length < 24 + Math.min(optSize, 240) || optSize < 2) return fail('truncated', 'optional header cut short');
  const opt = head.subarray(24, 24 + optSize);
  const magic = opt.readUInt16LE(0);
  if (magic !== 0x10b && magic !== 0x20b) return fail('malformed', `optional header magic 0x${magic.toString(16)}`);
  const pe64 = magic === 0x20b;
  const ddBase = pe64 ? 112 : 96;
  if (opt.length < ddBase) return fail('truncated', 'optional header cut short');
  const dllChars = opt.readUInt16LE(70);
  const nDirs = Math.min(opt.readUInt32LE(ddBase - 4), 16, Math.floor((opt.length - ddBase) / 8));
  const dir = (i: number): { rva: number; size: number } => (i < nDirs ? { rva: opt.readUInt32LE(ddBase + i * 8), size: opt.readUInt32LE(ddBase + i * 8 + 4) } : { rva: 0, size: 0 });
  if (nSections > MAX_SECTIONS) return fail('malformed', `${nSections} sections`);
  const secTable = await reader.read(peOffset + 24 + optSize, nSections * 40);
  const problems: { code: string; message: string }[] = [];
  if (secTable.length < nSections * 40) problems.push({ code: 'truncated', message: 'section table runs past the end of the file' });
  const sections: Section[] = [];
  for (let p = 0; p + 40 <= secTable.length; p += 40) {
    sections.push({ vsize: secTable.readUInt32LE(p + 8), vaddr: secTable.readUInt32LE(p + 12), rawSize: secTable.readUInt32LE(p + 16), rawOffset: secTable.readUInt32LE(p + 20) });
  }
  const at = (rva: number): number | undefined => {
    const s = sections.find((x) => rva >= x.vaddr && rva < x.vaddr + Math.max(x.vsize, x.rawSize));
    return s && rva - s.vaddr < s.rawSize ? s.rawOffset + (rva - s.vaddr) : undefined;
  };
  const info: ExecutableInfo = {
    format: 'pe',
    machine: MACHINES[machine] ?? `unknown(0x${machine.toString(16)})`,
    bits: pe64 ? 64 : 32,
    endianness: 'little',
    type: characteristics & 0x2000 ? 'shared-object' : 'executable',
    dynamicBase: (dllChars & DLL_DYNAMIC_BASE) !== 0,
    highEntropyVa: pe64 ? (dllChars & DLL_HIGH_ENTROPY_VA) !== 0 : undefined,
    nxCompat: (dllChars & DLL_NX_COMPAT) !== 0,
    forceIntegrity: (dllChars & DLL_FORCE_INTEGRITY) !== 0,
  };
  if (!pe64) delete info.highEntropyVa;
  const lc = await loadConfig(reader, at(dir(10).rva), dir(10).size, pe64);
  info.gs = lc.cookie;
  if (!pe64) info.safeSeh = (dllChars & DLL_NO_SEH) !== 0 || lc.seHandlers;
  info.noSeh = (dllChars & DLL_NO_SEH) !== 0;
  info.noIsolation = (dllChars & DLL_NO_ISOLATION) !== 0;
  info.appContainer = (dllChars & DLL_APPCONTAINER) !== 0;
  info.cfg = (dllChars & DLL_GUARD_CF) !== 0 && (lc.guardFlags & CF_INSTRUMENTED) !== 0;
  info.cetCompat = await cetCompat(reader, at(dir(6).rva), dir(6).size);
  const cert = dir(4);
  info.authenticode = cert.size > 0 && cert.rva > 0 && cert.rva + cert.size <= reader.size;
  info.dotnet = dir(14).rva !== 0 && dir(14).size > 0;
  const imports = await readImports(reader, at, dir(1), pe64);
  info.needed = imports.dlls;
  info.importedSymbols = imports.functions.length;
  info.exportedSymbols = await exportCount(reader, at, dir(0));
  info.unsafeImports = [...new Set(imports.functions.filter((f) => UNSAFE_FUNCTIONS.has(f)))].sort();
  info.missing = missingMitigations(info);
  return problems.length > 0 ? { info, problems } : { info };
}

async function loadConfig(reader: Reader, offset: number | undefined, dirSize: number, pe64: boolean): Promise<{ cookie: boolean; seHandlers: boolean; guardFlags: number }> {
  const none = { cookie: false, seHandlers: false, guardFlags: 0 };
  if (offset === undefined || dirSize === 0) return none;
  const buf = await reader.read(offset, 0x100);
  if (buf.length < 4) return none;
  // The structure's own Size field says which fields exist (it grew over Windows versions).
  const size = Math.min(buf.readUInt32LE(0), buf.length);
  const u = (o: number, w: 4 | 8): number => (o + w > size ? 0 : w === 8 ? Number(buf.readBigUInt64LE(o)) : buf.readUInt32LE(o));
  return pe64
    ? { cookie: u(0x58, 8) !== 0, seHandlers: false, guardFlags: u(0x90, 4) }
    : { cookie: u(0x3c, 4) !== 0, seHandlers: u(0x40, 4) !== 0 && u(0x44, 4) > 0, guardFlags: u(0x58, 4) };
}

/** Used slots of the export address table (linkers may leave ordinal gaps as zeros); 0 without one. */
async function exportCount(reader: Reader, at: (rva: number) => number | undefined, dir: { rva: number; size: number }): Promise<number> {
  const offset = at(dir.rva);
  if (offset === undefined || dir.size < 40) return 0;
  const head = await reader.read(offset, 40);
  const table = head.length < 40 ? undefined : at(head.readUInt32LE(28));
  if (table === undefined) return 0;
  const slots = await reader.read(table, 4 * Math.min(head.readUInt32LE(20), MAX_EXPORTS));
  let used = 0;
  for (let p = 0; p + 4 <= slots.length; p += 4) if (slots.readUInt32LE(p) !== 0) used++;
  return used;
}

async function cetCompat(reader: Reader, offset: number | undefined, size: number): Promise<boolean> {
  if (offset === undefined || size === 0) return false;
  const buf = await reader.read(offset, Math.min(size, 28 * 64));
  for (let p = 0; p + 28 <= buf.length; p += 28) {
    if (buf.readUInt32LE(p + 12) !== DEBUG_TYPE_EX_DLLCHARACTERISTICS) continue;
    const data = await reader.read(buf.readUInt32LE(p + 24), 4);
    return data.length === 4 && (data.readUInt32LE(0) & EX_CET_COMPAT) !== 0;
  }
  return false;
}

async function readImports(
  reader: Reader,
  at: (rva: number) => number | undefined,
  dir: { rva: number; size: number },
  pe64: boolean,
): Promise<{ dlls: string[]; functions: string[] }> {
  const dlls: string[] = [];
  const functions: string[] = [];
  const start = at(dir.rva);
  if (start === undefined || dir.size === 0) return { dlls, functions };
  const str = async (rva: number): Promise<string> => {
    const off = at(rva);
    if (off === undefined) return '';
    const b = await reader.read(off, 256);
    const end = b.indexOf(0);
    return b.toString('latin1', 0, end < 0 ? b.length : end);
  };
  const width = pe64 ? 8 : 4;
  for (let i = 0; i < MAX_IMPORT_DLLS; i++) {
    const d = await reader.read(start + i * 20, 20);
    if (d.length < 20 || d.every((x) => x === 0)) break;
    const name = await str(d.readUInt32LE(12));
    if (name) dlls.push(name);
    const thunkOff = at(d.readUInt32LE(0) || d.readUInt32LE(16));
    if (thunkOff === undefined) continue;
    const thunks = await reader.read(thunkOff, MAX_IMPORTS_PER_DLL * width);
    for (let p = 0; p + width <= thunks.length; p += width) {
      const v = pe64 ? thunks.readBigUInt64LE(p) : BigInt(thunks.readUInt32LE(p));
      if (v === 0n || functions.length >= MAX_IMPORTS) break;
      const byOrdinal = pe64 ? v >> 63n === 1n : v >> 31n === 1n;
      // Hint/name entry: u16 hint, then the name.
      functions.push(byOrdinal ? `#${v & 0xffffn}` : (await str(Number(v & 0x7fffffffn) + 2)));
    }
  }
  return { dlls, functions };
}

function fail(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}
