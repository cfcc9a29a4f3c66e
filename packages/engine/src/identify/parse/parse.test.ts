import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findMachoSection } from './macho-section.ts';
import { parseDeb822, parseSourceField } from './deb822.ts';
import { distroFromOsRelease, parseOsRelease } from './os-release.ts';
import { readPackageTables } from './toml-package-tables.ts';

describe('deb822', () => {
  it('splits paragraphs, joins continuation lines, lower-cases names, records offsets', () => {
    const text = 'Package: a\nDescription: short\n long line\n .\n more\n\nPackage: b\r\nVersion: 1\r\n';
    const { paragraphs, badLines } = parseDeb822(text);
    expect(badLines).toEqual([]);
    expect(paragraphs.map((p) => [Object.fromEntries(p.fields), p.offset])).toEqual([
      [{ package: 'a', description: 'short\nlong line\n\nmore' }, 0],
      [{ package: 'b', version: '1' }, 51],
    ]);
  });

  it('reports lines that are neither field nor continuation', () => {
    expect(parseDeb822('Package: a\nthis is not a field\n').badLines).toEqual([2]);
  });

  it.each([
    ['glibc (2.36-9+deb12u7)', { name: 'glibc', version: '2.36-9+deb12u7' }],
    ['zlib', { name: 'zlib' }],
    ['  openssl  ', { name: 'openssl' }],
  ])('Source %j', (value, expected) => {
    expect(parseSourceField(value)).toEqual(expected);
  });
});

describe('os-release', () => {
  it('unquotes values and finds the distro', () => {
    const text = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\nNAME=\'x\'\n# comment\n';
    expect(parseOsRelease(text)).toEqual({ PRETTY_NAME: 'Debian GNU/Linux 12 (bookworm)', ID: 'debian', VERSION_ID: '12', NAME: 'x' });
    expect(distroFromOsRelease(text)).toEqual({ name: 'debian', release: '12' });
  });

  it('sid has no VERSION_ID; no ID means no distro', () => {
    expect(distroFromOsRelease('ID=debian\nVERSION_CODENAME=trixie\n')).toEqual({ name: 'debian', release: '' });
    expect(distroFromOsRelease('NAME=unknown\n')).toBeUndefined();
  });
});

describe('readPackageTables', () => {
  it('reads the plain keys of each [[package]] table, up to the next table header', () => {
    const text = [
      'version = 3',
      '',
      '[[package]]',
      'name = "serde"',
      'version = "1.0.197"',
      'source = "registry+https://github.com/rust-lang/crates.io-index"',
      'dependencies = [',
      ' "serde_derive",',
      ']',
      '',
      '[package.extras]',
      'name = "not-a-package-key"',
      '',
      '[[package]]',
      'name = "requests"',
      '',
      '[metadata]',
      'content-hash = "abc"',
    ].join('\n');
    expect(readPackageTables(text).map((p) => [p.line, Object.fromEntries(p.fields)])).toEqual([
      [3, { name: 'serde', version: '1.0.197', source: 'registry+https://github.com/rust-lang/crates.io-index' }],
      [14, { name: 'requests' }],
    ]);
  });
});

describe('Mach-O sections', () => {
  // fixtures/executables/macho-fat: x86-64 slice at 4096, arm64 slice at 32768 (llvm-lipo).
  const fat = readFileSync(new URL('../../../fixtures/executables/macho-fat/macho-fat', import.meta.url));
  const read = (bytes: Buffer) => async (offset: number, length: number) => bytes.subarray(offset, offset + length);

  it('finds a section in the first slice of a fat file, at its file offset', async () => {
    // llvm-objdump --macho --private-headers: x86_64 __TEXT,__text offset 1360 (in the slice), size 0x67.
    expect(await findMachoSection(read(fat), fat.length, '__TEXT', '__text')).toEqual({ offset: 4096 + 1360, size: 0x67 });
    expect(await findMachoSection(read(fat), fat.length, '__DATA', '.dep-v0')).toBeUndefined();
  });

  it('damaged headers are described, not thrown', async () => {
    const slice = fat.subarray(4096, 4096 + 16784);
    expect(await findMachoSection(read(slice.subarray(0, 100)), 100, '__TEXT', '__text')).toBe('load commands cut short');
    const lying = Buffer.from(slice);
    lying.writeUInt32LE(0x7fffffff, 32 + 4);
    expect(await findMachoSection(read(lying), lying.length, '__TEXT', '__text')).toBe('load command 0 of 2147483647 bytes overruns the commands');
    expect(await findMachoSection(read(Buffer.from('MZ\0\0\0\0\0\0')), 8, '__TEXT', '__text')).toBe('Mach-O header cut short');
  });
});
