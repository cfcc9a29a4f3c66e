import { readFileSync } from 'node:fs';
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

const BASE = { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little' };
/** What every stripped, gcc-default fixture shares; each row overrides what its flags change. */
const DEFAULTS = {
  type: 'executable',
  nx: true,
  pie: true,
  relro: 'partial',
  canary: false,
  fortify: false,
  rpath: [],
  runpath: [],
  stripped: true,
  debugInfo: false,
  cetIbt: false,
  cetShstk: false,
  rwxSegments: false,
  textrel: false,
  sanitizers: [],
  unsafeImports: [],
};

describe('readElf', () => {
  it.each([
    ['elf-default', { fortifiable: 1, needed: ['libc.so.6'], missing: ['partial-relro', 'no-canary', 'no-fortify', 'no-ibt', 'no-shstk'] }],
    ['elf-execstack', { nx: false }],
    ['elf-nopie', { pie: false, importedSymbols: 3 }],
    ['elf-canary-strong', { canary: true, fortify: false, fortified: 0, fortifiable: 3, unsafeImports: ['sprintf', 'strcpy'] }],
    ['elf-no-canary', { canary: false, unsafeImports: ['sprintf', 'strcpy'] }],
    ['elf-fortify', { canary: true, fortify: true, fortified: 2, fortifiable: 2, unsafeImports: [], missing: ['partial-relro', 'no-ibt', 'no-shstk'] }],
    ['elf-full-relro', { relro: 'full' }],
    ['elf-norelro', { relro: 'none' }],
    ['elf-rpath', { rpath: ['/opt/binlens/lib', '$ORIGIN/../lib'], runpath: [] }],
    ['elf-runpath', { rpath: [], runpath: ['/opt/binlens/lib'] }],
    ['elf-cet', { cetIbt: true, cetShstk: true, missing: ['partial-relro', 'no-canary', 'no-fortify'] }],
    ['elf-unstripped', { stripped: false, debugInfo: true }],
    ['elf-unsafe', { unsafeImports: ['gets', 'strcpy', 'system'], importedSymbols: 9 }],
    ['elf-shared', { type: 'shared-object', pie: undefined, soname: 'libbinlens.so.1', needed: [], exportedSymbols: 2 }],
    ['elf-textrel', { type: 'shared-object', pie: undefined, textrel: true }],
    ['elf-rwx', { rwxSegments: true, nx: true }],
    ['elf-asan', { sanitizers: ['asan', 'ubsan'], needed: ['libasan.so.8', 'libubsan.so.1', 'libc.so.6'] }],
  ])('gcc fixture %s', async (name, expected) => {
    const result = await elfOf(fixture(name));
    const { pie: _pie, ...rest } = { ...DEFAULTS, ...expected };
    expect(result).toMatchObject({ info: { ...BASE, ...rest } });
    expect('info' in result && result.info.pie).toBe('pie' in expected ? expected.pie : DEFAULTS.pie);
    expect('info' in result && result.info.buildId).toMatch(/^[0-9a-f]{40}$/);
  });

  it('32-bit big-endian MIPS executable with a non-executable stack', async () => {
    const bytes = elf32({ big: true, eType: 2, machine: 8, phdrs: [{ type: GNU_STACK, flags: 6 }] });
    expect(await elfOf(bytes)).toMatchObject({ info: { format: 'elf', machine: 'mips', bits: 32, endianness: 'big', type: 'executable', nx: true, pie: false, relro: 'none' } });
  });

  it('no PT_GNU_STACK means an executable stack (nx false); no x86 machine means no CET keys', async () => {
    const bytes = elf32({ big: false, eType: 2, machine: 40, phdrs: [{ type: 1, flags: 5 }] });
    const result = await elfOf(bytes);
    expect(result).toMatchObject({ info: { machine: 'arm', nx: false, pie: false, rwxSegments: false } });
    expect('info' in result && 'cetIbt' in result.info).toBe(false);
  });

  it('ET_DYN with DF_1_PIE but no interpreter is a PIE (static-pie)', async () => {
    const dyn = Buffer.alloc(24);
    dyn.writeUInt32LE(0x6ffffffb, 0);
    dyn.writeUInt32LE(0x08000000, 4);
    const bytes = elf32({ big: false, eType: 3, machine: 3, phdrs: [{ type: 2, flags: 6, offset: 52 + 32, filesz: 24 }], tail: dyn });
    expect(await elfOf(bytes)).toMatchObject({ info: { machine: 'x86', type: 'executable', pie: true, nx: false } });
  });

  it('DF_1_NOW alone gives full RELRO; DT_TEXTREL is reported', async () => {
    const dyn = Buffer.alloc(32);
    dyn.writeUInt32LE(0x6ffffffb, 0); // DT_FLAGS_1
    dyn.writeUInt32LE(1, 4); // DF_1_NOW
    dyn.writeUInt32LE(22, 8); // DT_TEXTREL
    const phdrs = [
      { type: 2, flags: 6, offset: 52 + 64, filesz: 32 },
      { type: 0x6474e552, flags: 4 },
    ];
    expect(await elfOf(elf32({ big: false, eType: 3, machine: 3, phdrs, tail: dyn }))).toMatchObject({ info: { relro: 'full', textrel: true } });
  });

  it('ET_DYN without interpreter or DF_1_PIE is a shared object, pie undefined', async () => {
    const result = await elfOf(elf32({ big: false, eType: 3, machine: 183, phdrs: [{ type: GNU_STACK, flags: 6 }] }));
    expect(result).toMatchObject({ info: { format: 'elf', machine: 'aarch64', bits: 32, endianness: 'little', type: 'shared-object', nx: true } });
    expect('info' in result && result.info.pie).toBeUndefined();
  });

  it('a relocatable object without program headers has no segment attributes', async () => {
    const result = await elfOf(elf32({ big: false, eType: 1, machine: 62, phdrs: [] }));
    expect(result).toMatchObject({ info: { type: 'relocatable', stripped: true, canary: false } });
    expect('info' in result && [result.info.nx, result.info.relro, result.info.rwxSegments]).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['header cut short', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'truncated'],
    ['bad class', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 9, 1]), Buffer.alloc(60)]), 'malformed'],
    ['program headers past the end', elf32({ big: false, eType: 2, machine: 3, phdrs: [{ type: 1, flags: 0 }] }).subarray(0, 60), 'truncated'],
  ])('%s → %s', async (_name, bytes, code) => {
    const result = await elfOf(bytes);
    expect('error' in result && result.error.code).toBe(code);
  });

  it('section headers past the end and a dynamic section cut short give partial results with problems', async () => {
    const bytes = Buffer.from(readFileSync(fixture('elf-default')));
    bytes.writeBigUInt64LE(BigInt(bytes.length - 100), 40); // e_shoff near the end: table runs past it
    const result = await elfOf(bytes);
    expect(result).toMatchObject({ info: { nx: true, pie: true, stripped: true }, problems: [{ code: 'malformed' }] });
    const cut = await elfOf(readFileSync(fixture('elf-default')).subarray(0, 0x2e00));
    expect('info' in cut && cut.problems?.map((p) => p.code)).toContain('truncated');
  });

  it('a huge section count is refused without reading it', async () => {
    const bytes = Buffer.from(readFileSync(fixture('elf-default')));
    bytes.writeUInt16LE(0, 60); // e_shnum 0 → the real count is in section 0's sh_size
    bytes.writeBigUInt64LE(0xffffffffn, Number(bytes.readBigUInt64LE(40)) + 32);
    expect(await elfOf(bytes)).toMatchObject({ info: { nx: true }, problems: [{ code: 'malformed', message: '268435456 section headers' }] });
  });

  it('mutated real files never throw (bounded fuzz)', async () => {
    const original = readFileSync(fixture('elf-fortify'));
    let seed = 0x9e3779b9;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const deadline = Date.now() + 1500;
    let runs = 0;
    while (Date.now() < deadline && runs < 300) {
      const bytes = Buffer.from(original);
      for (let i = 0; i < 8; i++) {
        // Hit the headers most of the time: that is where lengths and offsets live.
        const at = random(4) === 0 ? random(bytes.length) : random(Math.min(bytes.length, 0x400));
        bytes[at] = random(256);
      }
      const result = await elfOf(random(10) === 0 ? bytes.subarray(0, random(bytes.length)) : bytes);
      expect('info' in result || 'error' in result).toBe(true);
      runs++;
    }
    expect(runs).toBeGreaterThan(20);
  });
});
