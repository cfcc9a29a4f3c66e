// The second-round attributes (symbol counts, CFI, SafeStack, separate code, PE SEH and
// isolation, Mach-O fortify/ASan/ARC/__restrict, imported-only canaries) on binaries built by
// the real toolchains (fixtures/executables/<name>/make.sh).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExecutableInfo } from '../model/index.ts';
import { openReader } from '../util/reader.ts';
import { readElf } from './elf.ts';
import { isCfiSymbol, isSafeStackSymbol } from './hardening.ts';
import { readMachO } from './macho.ts';
import { readPe } from './pe.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/executables/${name}/${name}`, import.meta.url));

async function infoOf(name: string): Promise<ExecutableInfo> {
  const reader = await openReader(fixture(name));
  try {
    const result = name.startsWith('elf') ? await readElf(reader) : name.startsWith('pe') ? await readPe(reader) : await readMachO(reader);
    if (!('info' in result)) throw new Error(`${name}: ${result.error.message}`);
    return result.info;
  } finally {
    await reader.close();
  }
}

describe('ELF second-round attributes', () => {
  it.each([
    // readelf -sW: '.dynsym' contains 7 entries, '.symtab' contains 38 entries
    ['elf-cfi', { cfi: true, safeStack: false, separateCode: true, canary: false, dynsymSymbols: 7, symtabSymbols: 38, stripped: false }],
    // stripped: the runtime's exports in .dynsym (44 entries) carry SafeStack
    ['elf-safestack', { cfi: false, safeStack: true, separateCode: true, dynsymSymbols: 44, symtabSymbols: undefined, stripped: true }],
    ['elf-noseparate-code', { cfi: false, safeStack: false, separateCode: false, dynsymSymbols: 7, symtabSymbols: undefined }],
    ['elf-default', { separateCode: true, dynsymSymbols: 7, symtabSymbols: undefined }],
    // a file-local __stack_chk_fail (.symtab entry 4, LOCAL) is no canary
    ['elf-local-chk-fail', { canary: false, dynsymSymbols: 8, symtabSymbols: 39, missing: ['partial-relro', 'no-canary', 'no-fortify', 'no-ibt', 'no-shstk'] }],
    // an imported __stack_chk_fail still is
    ['elf-canary-strong', { canary: true }],
    ['elf-fortify', { canary: true }],
  ])('%s', async (name, expected) => {
    const info = await infoOf(name);
    for (const [key, value] of Object.entries(expected)) expect([key, info[key as keyof ExecutableInfo]]).toEqual([key, value]);
  });
});

describe('PE second-round attributes', () => {
  it('GNU ld --no-seh --no-isolation: NO_SEH and NO_ISOLATION, SafeSEH by NO_SEH', async () => {
    expect(await infoOf('pe32-noseh-noisolation')).toMatchObject({ bits: 32, noSeh: true, safeSeh: true, noIsolation: true, appContainer: false, importedSymbols: 2, exportedSymbols: 0 });
  });

  it('lld-link /appcontainer DLL: APPCONTAINER and its 3 exports (ordinal gap not counted)', async () => {
    const info = await infoOf('pe64-appcontainer-dll');
    expect(info).toMatchObject({ bits: 64, type: 'shared-object', appContainer: true, noSeh: false, noIsolation: false, importedSymbols: 0, exportedSymbols: 3 });
    expect(info.safeSeh).toBeUndefined();
  });

  it('mingw defaults have neither flag', async () => {
    expect(await infoOf('pe32-default')).toMatchObject({ noSeh: false, noIsolation: false, appContainer: false, exportedSymbols: 0 });
  });
});

describe('Mach-O second-round attributes', () => {
  it('fortified ___strcpy_chk/___memcpy_chk imports and ASan (___asan_init)', async () => {
    expect(await infoOf('macho64-fortify-asan')).toMatchObject({
      fortify: true,
      fortified: 2,
      fortifiable: 3,
      sanitizers: ['asan'],
      canary: true,
      symtabSymbols: 23,
      missing: [],
    });
  });

  it('ARC through _objc_alloc/_objc_release', async () => {
    expect(await infoOf('macho64-arc-alloc')).toMatchObject({ arc: true, fortify: false, fortifiable: 0, sanitizers: [], symtabSymbols: 11 });
  });

  it('an object file whose __restrict section sits in the unnamed segment is restricted', async () => {
    expect(await infoOf('macho64-object-restrict')).toMatchObject({ type: 'relocatable', restrict: true, symtabSymbols: 2 });
    expect(await infoOf('macho64-default')).toMatchObject({ restrict: false, arc: false, fortify: false, sanitizers: [] });
  });
});

describe('runtime symbol names', () => {
  it.each([
    ['__cfi_check', true],
    ['__cfi_slowpath_diag', true],
    ['___cfi_slowpath', true], // Mach-O's extra underscore
    ['__typeid__ZTSFiiE_global_addr', true],
    ['twice.cfi', true],
    ['cfi_check', false],
    ['__cfi', false],
  ])('CFI %s → %s', (name, expected) => expect(isCfiSymbol(name)).toBe(expected));

  it.each([
    ['__safestack_init', true],
    ['___safestack_unsafe_stack_ptr', true],
    ['__safestack_preinit', false],
    ['safestack_init', false],
  ])('SafeStack %s → %s', (name, expected) => expect(isSafeStackSymbol(name)).toBe(expected));
});
