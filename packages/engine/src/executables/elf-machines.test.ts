// Machines other than x86: aarch64 BTI/PAC from the GNU property note, and the identity and
// hardening of big-endian and 32-bit cross-compiled files (Debian cross gcc fixtures).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openReader } from '../util/reader.ts';
import { type ElfResult, readElf } from './elf.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/executables/${name}/${name}`, import.meta.url));

async function elfOf(path: string): Promise<ElfResult> {
  const reader = await openReader(path);
  try {
    return await readElf(reader);
  } finally {
    await reader.close();
  }
}

describe('readElf on other machines', () => {
  it.each([
    ['elf-aarch64-bti', { bti: true, pac: true }, ['partial-relro', 'no-canary']],
    ['elf-aarch64-nobti', { bti: false, pac: false }, ['partial-relro', 'no-canary', 'no-bti', 'no-pac']],
  ])('%s: BTI/PAC from GNU_PROPERTY_AARCH64_FEATURE_1_AND', async (name, attributes, missing) => {
    const result = await elfOf(fixture(name));
    expect(result).toMatchObject({ info: { format: 'elf', machine: 'aarch64', bits: 64, endianness: 'little', type: 'shared-object', nx: true, relro: 'partial', stripped: true, ...attributes, missing } });
    expect('info' in result && 'cetIbt' in result.info).toBe(false);
  });

  const hardened = { type: 'executable', pie: true, relro: 'full', canary: true, fortify: true, fortified: 2, fortifiable: 2, stripped: true };
  it.each([
    // Debian's powerpc64 linker writes no PT_GNU_STACK (checksec semantics: no GNU_STACK → NX off).
    ['elf-ppc64', { machine: 'powerpc64', bits: 64, endianness: 'big', nx: false, needed: ['libc.so.6'], missing: ['execstack'] }],
    // MIPS marks the stack RWE (FPU branch-delay emulation trampolines on the stack).
    ['elf-mips', { machine: 'mips', bits: 32, endianness: 'big', nx: false, needed: ['libc.so.6', 'ld.so.1'], missing: ['execstack'] }],
    ['elf-riscv64', { machine: 'riscv', bits: 64, endianness: 'little', nx: true, needed: ['libc.so.6', 'ld-linux-riscv64-lp64d.so.1'], missing: [] }],
  ])('%s: cross-compiled PIE with canary, fortify and full RELRO', async (name, expected) => {
    const result = await elfOf(fixture(name));
    expect(result).toMatchObject({ info: { format: 'elf', ...hardened, ...expected } });
    expect('info' in result && ['cetIbt', 'bti'].filter((k) => k in result.info)).toEqual([]);
  });
});
