// RAR4 and RAR5 through 7-Zip (fixtures/unpack/rar-stored: stored entries written
// by the fixture's own generator, checked by libarchive), and the header walk
// that gives a RAR's real length for carving.
import { describe, expect, it } from 'vitest';
import { rar } from './rar.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { fixtureTar } from '../../../../test/fixture-tar.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const FILES = { 'docs/readme.txt': 'hello from a rar archive\n', 'package.json': '{"name":"left-pad","version":"1.3.0"}\n' };

/** A Reader over bytes, for identify and measure. */
function over(bytes: Buffer): Parameters<typeof rar.identify>[1] {
  return { size: bytes.length, read: async (o: number, n: number) => bytes.subarray(o, o + n) } as unknown as Parameters<typeof rar.identify>[1];
}

describe('archive/rar', async () => {
  const archives = await fixtureTar('rar-stored/archives.tar');
  const rar4 = archives.get('stored4.rar') ?? Buffer.alloc(0);
  const rar5 = archives.get('stored5.rar') ?? Buffer.alloc(0);

  it.each([
    ['RAR4', rar4],
    ['RAR5', rar5],
  ])('%s: directories and stored files', async (_name, bytes) => {
    expect(await runUnpacker(rar, bytes)).toEqual({ identified: true, members: FILES, problems: [] });
  });

  it.each([
    ['RAR4', rar4],
    ['RAR5', rar5],
  ])('%s: the header walk ends at the end-of-archive block, not at the end of the file', async (_name, bytes) => {
    const padded = Buffer.concat([bytes, Buffer.alloc(4096, 0xff)]);
    expect(await rar.measure?.(over(padded), new AbortController().signal)).toBe(bytes.length);
    expect(await rar.identify(padded.subarray(0, 512), over(padded))).toEqual({ start: 0, end: bytes.length });
  });

  it('a RAR cut before its end block has no measured length and is a located problem', async () => {
    const cut = rar5.subarray(0, rar5.length - 60);
    expect(await rar.measure?.(over(cut), new AbortController().signal)).toBeNull();
    const out = await runUnpacker(rar, cut);
    expect(out.identified).toBe(true);
    expect(out.error ?? out.problems.map((p) => p.code).join()).toMatch(/corrupt|truncated/);
  });

  it('fuzzed archives never throw or escape', async () => {
    await fuzzUnpacker(rar, [rar5, rar4], 30, 8);
  }, FUZZ_TIMEOUT);
});
