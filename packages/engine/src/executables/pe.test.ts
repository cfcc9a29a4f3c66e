import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openReader } from '../util/reader.ts';
import { isPe, type PeResult, readPe } from './pe.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/executables/${name}/${name}`, import.meta.url));
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function peOf(pathOrBytes: string | Buffer): Promise<PeResult> {
  let path = pathOrBytes as string;
  if (Buffer.isBuffer(pathOrBytes)) {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-pe-'));
    dirs.push(dir);
    path = join(dir, 'pe');
    await writeFile(path, pathOrBytes);
  }
  const reader = await openReader(path);
  try {
    return await readPe(reader);
  } finally {
    await reader.close();
  }
}

/**
 * A minimal PE32: headers at 0, one section mapping RVA 0x1000 to file offset 0x200 that
 * holds a load configuration (cookie, SEH table, CF_INSTRUMENTED), a debug directory with
 * EX_DLLCHARACTERISTICS CET_COMPAT, and a CLR header directory.
 */
function pe32(dllChars: number): Buffer {
  const b = Buffer.alloc(0x400);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x40, 0x3c);
  b.writeUInt32LE(0x4550, 0x40);
  b.writeUInt16LE(0x14c, 0x44); // machine
  b.writeUInt16LE(1, 0x46); // sections
  b.writeUInt16LE(224, 0x54); // optional header size
  b.writeUInt16LE(0x2102, 0x56); // DLL | EXECUTABLE_IMAGE | 32BIT
  const opt = 0x58;
  b.writeUInt16LE(0x10b, opt);
  b.writeUInt16LE(dllChars, opt + 70);
  b.writeUInt32LE(16, opt + 92);
  const dir = (i: number, rva: number, size: number): void => {
    b.writeUInt32LE(rva, opt + 96 + i * 8);
    b.writeUInt32LE(size, opt + 100 + i * 8);
  };
  dir(10, 0x1000, 0x48);
  dir(6, 0x1100, 28);
  dir(14, 0x1180, 0x48);
  const sec = opt + 224;
  b.writeUInt32LE(0x200, sec + 8); // virtual size
  b.writeUInt32LE(0x1000, sec + 12);
  b.writeUInt32LE(0x200, sec + 16); // raw size
  b.writeUInt32LE(0x200, sec + 20); // raw offset
  b.writeUInt32LE(0x5c, 0x200); // load config Size
  b.writeUInt32LE(0x403000, 0x200 + 0x3c); // SecurityCookie
  b.writeUInt32LE(0x402000, 0x200 + 0x40); // SEHandlerTable
  b.writeUInt32LE(3, 0x200 + 0x44); // SEHandlerCount
  b.writeUInt32LE(0x100, 0x200 + 0x58); // GuardFlags CF_INSTRUMENTED
  b.writeUInt32LE(20, 0x300 + 12); // debug type EX_DLLCHARACTERISTICS
  b.writeUInt32LE(4, 0x300 + 16);
  b.writeUInt32LE(0x3f0, 0x300 + 24); // pointer to raw data
  b.writeUInt32LE(1, 0x3f0); // CET_COMPAT
  return b;
}

describe('readPe', () => {
  const common = { format: 'pe', endianness: 'little', type: 'executable', cfg: false, gs: false, cetCompat: false, dotnet: false, needed: ['KERNEL32.dll', 'msvcrt.dll'], unsafeImports: ['strcpy'] };
  it.each([
    ['pe64-default', { machine: 'x86-64', bits: 64, dynamicBase: true, highEntropyVa: true, nxCompat: true, forceIntegrity: false, authenticode: false, importedSymbols: 50, missing: ['no-gs', 'no-control-flow-guard'] }],
    ['pe32-default', { machine: 'x86', bits: 32, dynamicBase: true, nxCompat: true, safeSeh: false, authenticode: false, missing: ['no-gs', 'no-safeseh', 'no-control-flow-guard'] }],
    ['pe64-noaslr', { dynamicBase: false, highEntropyVa: false, nxCompat: false, missing: ['no-aslr', 'no-high-entropy-va', 'no-dep', 'no-gs', 'no-control-flow-guard'] }],
    ['pe64-signed', { authenticode: true, forceIntegrity: true, dynamicBase: true }],
  ])('mingw fixture %s', async (name, expected) => {
    expect(await peOf(fixture(name))).toMatchObject({ info: { ...common, ...expected } });
  });

  it('load configuration, debug directory and CLR header: gs, safeseh, cfg, cet, .NET', async () => {
    const result = await peOf(pe32(0x4000 | 0x100 | 0x40));
    expect(result).toMatchObject({ info: { machine: 'x86', bits: 32, type: 'shared-object', gs: true, safeSeh: true, cfg: true, cetCompat: true, dotnet: true, nxCompat: true, dynamicBase: true } });
    expect('info' in result && result.info.missing).toEqual([]);
  });

  it('GUARD_CF without CF_INSTRUMENTED is not CFG; NO_SEH counts as SafeSEH', async () => {
    const bytes = pe32(0x4000 | 0x400);
    bytes.writeUInt32LE(0, 0x200 + 0x58);
    bytes.writeUInt32LE(0, 0x200 + 0x44);
    expect(await peOf(bytes)).toMatchObject({ info: { cfg: false, safeSeh: true } });
  });

  it.each([
    ['no PE signature', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'malformed'],
    ['optional header cut short', pe32(0).subarray(0, 0x60), 'truncated'],
  ])('%s → %s', async (_name, bytes, code) => {
    const result = await peOf(bytes);
    expect('error' in result && result.error.code).toBe(code);
  });

  it('isPe needs MZ and the PE signature', async () => {
    const reader = await openReader(fixture('pe64-default'));
    try {
      expect(await isPe(await reader.read(0, 64), reader)).toBe(true);
      expect(await isPe(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62)]), reader)).toBe(false);
    } finally {
      await reader.close();
    }
  });

  it('mutated real files never throw (bounded fuzz)', async () => {
    const original = readFileSync(fixture('pe32-default'));
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const deadline = Date.now() + 1500;
    let runs = 0;
    while (Date.now() < deadline && runs < 200) {
      const bytes = Buffer.from(original);
      for (let i = 0; i < 8; i++) bytes[random(4) === 0 ? random(bytes.length) : random(0x400)] = random(256);
      const result = await peOf(bytes);
      expect('info' in result || 'error' in result).toBe(true);
      runs++;
    }
    expect(runs).toBeGreaterThan(20);
  });
});
