import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openReader } from '../util/reader.ts';
import { type ElfResult, readElf } from './elf.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/executables/${name}/${name}`, import.meta.url));
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function elfOf(pathOrBytes: string | Buffer): Promise<ElfResult> {
  let path = pathOrBytes;
  if (Buffer.isBuffer(pathOrBytes)) {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-elf-'));
    dirs.push(dir);
    path = join(dir, 'elf');
    await writeFile(path, pathOrBytes);
  }
  const reader = await openReader(path as string);
  try {
    return await readElf(reader);
  } finally {
    await reader.close();
  }
}

interface Phdr {
  type: number;
  flags: number;
  offset?: number;
  filesz?: number;
}

/** A minimal 32-bit ELF: header + program headers + optional trailing bytes. */
function elf32(opts: { big: boolean; eType: number; machine: number; phdrs: Phdr[]; tail?: Buffer }): Buffer {
  const h = Buffer.alloc(52 + 32 * opts.phdrs.length);
  const w16 = (v: number, o: number) => (opts.big ? h.writeUInt16BE(v, o) : h.writeUInt16LE(v, o));
  const w32 = (v: number, o: number) => (opts.big ? h.writeUInt32BE(v, o) : h.writeUInt32LE(v, o));
  h.set([0x7f, 0x45, 0x4c, 0x46, 1, opts.big ? 2 : 1, 1], 0);
  w16(opts.eType, 16);
  w16(opts.machine, 18);
  w32(52, 28); // e_phoff
  w16(32, 42); // e_phentsize
  w16(opts.phdrs.length, 44);
  opts.phdrs.forEach((p, i) => {
    const b = 52 + i * 32;
    w32(p.type, b);
    w32(p.offset ?? 0, b + 4);
    w32(p.filesz ?? 0, b + 16);
    w32(p.flags, b + 24);
  });
  return Buffer.concat([h, opts.tail ?? Buffer.alloc(0)]);
}

const GNU_STACK = 0x6474e551;

describe('readElf', () => {
  it.each([
    ['elf-default', { type: 'executable', nx: true, pie: true }],
    ['elf-execstack', { type: 'executable', nx: false, pie: true }],
    ['elf-nopie', { type: 'executable', nx: true, pie: false }],
  ])('gcc fixture %s', async (name, expected) => {
    expect(await elfOf(fixture(name))).toEqual({ info: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', ...expected } });
  });

  it('32-bit big-endian MIPS executable with a non-executable stack', async () => {
    const bytes = elf32({ big: true, eType: 2, machine: 8, phdrs: [{ type: GNU_STACK, flags: 6 }] });
    expect(await elfOf(bytes)).toEqual({ info: { format: 'elf', machine: 'mips', bits: 32, endianness: 'big', type: 'executable', nx: true, pie: false } });
  });

  it('no PT_GNU_STACK means an executable stack (nx false)', async () => {
    const bytes = elf32({ big: false, eType: 2, machine: 40, phdrs: [{ type: 1, flags: 5 }] });
    expect(await elfOf(bytes)).toMatchObject({ info: { machine: 'arm', nx: false, pie: false } });
  });

  it('ET_DYN with DF_1_PIE but no interpreter is a PIE (static-pie)', async () => {
    const dyn = Buffer.alloc(24);
    dyn.writeUInt32LE(0x6ffffffb, 0);
    dyn.writeUInt32LE(0x08000000, 4);
    const bytes = elf32({ big: false, eType: 3, machine: 3, phdrs: [{ type: 2, flags: 6, offset: 52 + 32, filesz: 24 }], tail: dyn });
    expect(await elfOf(bytes)).toMatchObject({ info: { machine: 'x86', type: 'executable', pie: true, nx: false } });
  });

  it('ET_DYN without interpreter or DF_1_PIE is a shared object, pie undefined', async () => {
    const bytes = elf32({ big: false, eType: 3, machine: 183, phdrs: [{ type: GNU_STACK, flags: 6 }] });
    expect(await elfOf(bytes)).toEqual({ info: { format: 'elf', machine: 'aarch64', bits: 32, endianness: 'little', type: 'shared-object', nx: true } });
  });

  it('a relocatable object without program headers has no hardening attributes', async () => {
    expect(await elfOf(elf32({ big: false, eType: 1, machine: 62, phdrs: [] }))).toEqual({
      info: { format: 'elf', machine: 'x86-64', bits: 32, endianness: 'little', type: 'relocatable' },
    });
  });

  it.each([
    ['header cut short', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'truncated'],
    ['bad class', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 9, 1]), Buffer.alloc(60)]), 'malformed'],
    ['program headers past the end', elf32({ big: false, eType: 2, machine: 3, phdrs: [{ type: 1, flags: 0 }] }).subarray(0, 60), 'truncated'],
  ])('%s → %s', async (_name, bytes, code) => {
    const result = await elfOf(bytes);
    expect('error' in result && result.error.code).toBe(code);
  });
});
