// ELF (System V gABI) header and program headers → architecture and hardening.
// Semantics follow checksec:
//   NX:  PT_GNU_STACK present without PF_X → true; present with PF_X or absent → false
//        (absent means the kernel may map an executable stack); no program headers → undefined.
//   PIE: ET_EXEC → false. ET_DYN with PT_INTERP or DF_1_PIE in DT_FLAGS_1 → true, and the
//        file is typed `executable` (a PIE is an executable). Any other ET_DYN is a plain
//        shared library: type `shared-object`, pie undefined (checksec prints "DSO"):
//        position independence is the norm for a library, not a hardening choice.
import type { ExecutableInfo } from '../model/index.ts';
import type { Reader } from '../util/reader.ts';
import { machineName } from './elf-machines.ts';

export const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

const ET_REL = 1;
const ET_EXEC = 2;
const ET_DYN = 3;
const ET_CORE = 4;
const PT_DYNAMIC = 2;
const PT_INTERP = 3;
const PT_GNU_STACK = 0x6474e551;
const PF_X = 1;
const DT_NULL = 0n;
const DT_FLAGS_1 = 0x6ffffffbn;
const DF_1_PIE = 0x08000000n;
const PN_XNUM = 0xffff;
/** Real binaries have tens of program headers; cap what we read. */
const MAX_PHDRS = 4096;
/** A dynamic section of a few thousand entries is already huge. */
const MAX_DYNAMIC_BYTES = 1024 * 1024;

export type ElfResult = { info: ExecutableInfo } | { error: { code: string; message: string } };

export function isElf(head: Buffer): boolean {
  return head.length >= 4 && head.subarray(0, 4).equals(ELF_MAGIC);
}

export async function readElf(reader: Reader): Promise<ElfResult> {
  const ident = await reader.read(0, 64);
  if (ident.length < 16 || !isElf(ident)) return fail('malformed', 'not an ELF file');
  const bits = ident[4] === 1 ? 32 : ident[4] === 2 ? 64 : undefined;
  const little = ident[5] === 1 ? true : ident[5] === 2 ? false : undefined;
  if (bits === undefined || little === undefined) return fail('malformed', `bad ELF class ${ident[4]} or data encoding ${ident[5]}`);
  const headerSize = bits === 64 ? 64 : 52;
  if (ident.length < headerSize) return fail('truncated', `ELF header needs ${headerSize} bytes, file has ${ident.length}`);
  const f = fields(ident, little, bits);
  const eType = f.u16(16);
  const info: ExecutableInfo = {
    format: 'elf',
    machine: machineName(f.u16(18)),
    bits,
    endianness: little ? 'little' : 'big',
    type: typeName(eType),
  };
  const phoff = bits === 64 ? f.addr(32) : f.addr(28);
  const phentsize = f.u16(bits === 64 ? 54 : 42);
  let phnum = f.u16(bits === 64 ? 56 : 44);
  if (phnum === PN_XNUM) {
    // Too many headers for 16 bits: the count sits in section header 0's sh_info.
    const shoff = bits === 64 ? f.addr(40) : f.addr(32);
    const sh0 = await reader.read(shoff, bits === 64 ? 64 : 40);
    if (sh0.length < (bits === 64 ? 48 : 32)) return fail('truncated', 'section header 0 (program header count) cut short');
    phnum = fields(sh0, little, bits).u32(bits === 64 ? 44 : 28);
  }
  if (phnum === 0) return { info };
  const minEntry = bits === 64 ? 56 : 32;
  if (phentsize < minEntry) return fail('malformed', `program header size ${phentsize} < ${minEntry}`);
  if (phnum > MAX_PHDRS) return fail('malformed', `${phnum} program headers`);
  const table = await reader.read(phoff, phnum * phentsize);
  if (table.length < phnum * phentsize) return fail('truncated', `program header table at ${phoff} runs past the end of the file`);
  const t = fields(table, little, bits);

  let gnuStack: boolean | undefined;
  let interp = false;
  let dynamic: { offset: number; size: number } | undefined;
  for (let i = 0; i < phnum; i++) {
    const base = i * phentsize;
    const pType = t.u32(base);
    const pFlags = t.u32(base + (bits === 64 ? 4 : 24));
    if (pType === PT_GNU_STACK) gnuStack = (pFlags & PF_X) === 0;
    else if (pType === PT_INTERP) interp = true;
    else if (pType === PT_DYNAMIC) {
      dynamic = bits === 64 ? { offset: t.addr(base + 8), size: t.addr(base + 32) } : { offset: t.addr(base + 4), size: t.addr(base + 16) };
    }
  }
  info.nx = gnuStack ?? false;
  if (eType === ET_EXEC) info.pie = false;
  else if (eType === ET_DYN) {
    const flags1 = dynamic ? await readFlags1(reader, dynamic, little, bits) : undefined;
    if (typeof flags1 === 'object') return flags1;
    if (interp || (flags1 !== undefined && (flags1 & DF_1_PIE) !== 0n)) {
      info.pie = true;
      info.type = 'executable';
    }
  }
  return { info };
}

/** DT_FLAGS_1 from the dynamic section, undefined when absent, or an error result. */
async function readFlags1(
  reader: Reader,
  dynamic: { offset: number; size: number },
  little: boolean,
  bits: 32 | 64,
): Promise<bigint | undefined | { error: { code: string; message: string } }> {
  const size = Math.min(dynamic.size, MAX_DYNAMIC_BYTES);
  const data = await reader.read(dynamic.offset, size);
  if (data.length < size) return fail('truncated', `dynamic section at ${dynamic.offset} runs past the end of the file`);
  const entry = bits === 64 ? 16 : 8;
  const d = fields(data, little, bits);
  for (let pos = 0; pos + entry <= data.length; pos += entry) {
    const tag = d.word(pos);
    if (tag === DT_NULL) break;
    if (tag === DT_FLAGS_1) return d.word(pos + entry / 2);
  }
  return undefined;
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

/** Endian- and class-aware field reads on a buffer. */
function fields(buf: Buffer, little: boolean, bits: 32 | 64) {
  const u32 = (o: number): number => (little ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const u64 = (o: number): bigint => (little ? buf.readBigUInt64LE(o) : buf.readBigUInt64BE(o));
  return {
    u16: (o: number): number => (little ? buf.readUInt16LE(o) : buf.readUInt16BE(o)),
    u32,
    /** An address/offset/size: 4 or 8 bytes; clamped to a safe integer (a huge value then fails a bounds check). */
    addr: (o: number): number => (bits === 64 ? Number(min(u64(o), BigInt(Number.MAX_SAFE_INTEGER))) : u32(o)),
    /** A dynamic-entry word (d_tag, d_val): 4 or 8 bytes. */
    word: (o: number): bigint => (bits === 64 ? u64(o) : BigInt(u32(o))),
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function fail(code: string, message: string): { error: { code: string; message: string } } {
  return { error: { code, message } };
}
