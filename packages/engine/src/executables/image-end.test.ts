// Where an executable's image ends (fixtures/unpack/sfx-overlay: a gcc ELF and a mingw-w64 PE
// with an archive appended; images.txt gives each image's size, from the file before the append).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { executableEnd } from './image-end.ts';
import { fixtureTar } from '../../test/fixture-tar.ts';
import { mutate, rng } from '../../test/fuzz.ts';

const over = (bytes: Buffer) => ({ size: bytes.length, read: async (o: number, n: number) => bytes.subarray(o, o + n) }) as unknown as Parameters<typeof executableEnd>[0];
const end = (bytes: Buffer) => executableEnd(over(bytes), bytes.subarray(0, 4096));

describe('executableEnd', async () => {
  const files = await fixtureTar('sfx-overlay/executables.tar.xz');
  const sizes = new Map(
    (files.get('images.txt') ?? Buffer.alloc(0))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  );

  it.each(['elf-sfx', 'pe-sfx.exe', 'plain.elf'])('%s: the image ends where the appended archive starts', async (name) => {
    expect(await end(files.get(name) ?? Buffer.alloc(0))).toBe(Number(sizes.get(name)));
  });

  it('a signed PE: its certificate table is part of the image, no overlay', async () => {
    const signed = await readFile(fileURLToPath(new URL('../../fixtures/executables/pe64-signed/pe64-signed', import.meta.url)));
    expect(await end(signed)).toBe(signed.length);
  });

  it('mutated headers give a number or no answer, never an exception', async () => {
    const random = rng(7);
    for (const name of ['elf-sfx', 'pe-sfx.exe']) {
      const sample = files.get(name) ?? Buffer.alloc(0);
      for (let i = 0; i < 300; i++) {
        const result = await end(mutate(sample, random));
        expect(result === undefined || Number.isSafeInteger(result)).toBe(true);
      }
    }
  });

  it('neither ELF nor PE, or headers cut short: no answer', async () => {
    expect(await end(Buffer.alloc(128, 0x41))).toBeUndefined();
    const elf = files.get('plain.elf') ?? Buffer.alloc(0);
    expect(await end(elf.subarray(0, 1000))).toBeUndefined();
  });
});
