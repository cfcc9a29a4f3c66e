// NSIS installers through 7-Zip (fixtures/unpack/nsis-installers: makensis, solid zlib and LZMA).
import { describe, expect, it } from 'vitest';
import { nsis } from './nsis.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { fixtureTar } from '../../../../test/fixture-tar.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const FILES = { 'readme.txt': 'hello from nsis\n', 'lib/package.json': '{"name":"left-pad","version":"1.3.0"}\n' };

describe('package/nsis', async () => {
  const exes = await fixtureTar('nsis-installers/installers.tar.xz');
  const zlib = exes.get('demo-zlib.exe') ?? Buffer.alloc(0);
  const lzma = exes.get('demo-lzma.exe') ?? Buffer.alloc(0);

  it.each([
    ['zlib', zlib],
    ['lzma', lzma],
  ])('%s installer: files under their install paths', async (_name, exe) => {
    expect(await runUnpacker(nsis, exe)).toEqual({ identified: true, members: FILES, problems: [] });
  });

  it('the chunk ends where the first header says', async () => {
    const padded = Buffer.concat([lzma, Buffer.alloc(1000)]);
    const reader = { size: padded.length, read: async (o: number, n: number) => padded.subarray(o, o + n) } as unknown as Parameters<typeof nsis.identify>[1];
    expect(await nsis.identify(padded.subarray(0, 512), reader)).toEqual({ start: 0, end: lzma.length });
  });

  it('a plain executable (no first header) is not claimed', async () => {
    const plain = Buffer.from(lzma.subarray(0, 96768));
    expect((await runUnpacker(nsis, plain)).identified).toBe(false);
  });

  it('a truncated installer is a located problem', async () => {
    const out = await runUnpacker(nsis, lzma.subarray(0, lzma.length - 300));
    expect(out.identified).toBe(true);
    expect(out.error).toMatch(/^(corrupt|truncated): /);
  });

  it('fuzzed installers never throw or escape', async () => {
    // Random tails go right after the stub and first header, so most inputs reach 7-Zip.
    await fuzzUnpacker(nsis, [lzma, zlib], 25, 96768 + 28);
  }, FUZZ_TIMEOUT);
});
