import sevenZipCjs from '7z-wasm';
import type { SevenZipModuleFactory } from '7z-wasm';
import { describe, expect, it } from 'vitest';
import { runUnpacker } from '../../test/unpack-harness.ts';
import { sevenzip } from './formats/archive/sevenzip.ts';
import { isDroppedLink } from './seven-zip.ts';

const SevenZip = sevenZipCjs as unknown as SevenZipModuleFactory;

describe('7-Zip messages', () => {
  // As 7-Zip 24.09 (7z-wasm) prints them extracting a SquashFS (mksquashfs 4.5.1) holding
  // `usr/bin/x -> /etc/alternatives/x`, `usr/lib/e -> ../../../escape` and `usr/lib/z -> ../../etc/foo`
  // (inside the tree, yet refused: it climbs to the root first).
  it('a dropped link is a warning, whichever of its two messages', () => {
    expect(isDroppedLink('ERROR: Dangerous link path was ignored : usr/bin/x : /etc/alternatives/x')).toBe(true);
    expect(isDroppedLink('ERROR: Dangerous link path was ignored : usr/lib/e : ../../../escape')).toBe(true);
    expect(isDroppedLink('ERROR: Dangerous symbolic link path was ignored : usr/lib/z : ../../etc/foo')).toBe(true);
  });

  it('any other error is not', () => {
    expect(isDroppedLink('ERROR: Data Error : usr/lib/libc.so.6')).toBe(false);
    expect(isDroppedLink('ERROR: Unexpected end of archive')).toBe(false);
  });
});

describe('7-Zip limits', () => {
  const MiB = 1024 * 1024;
  const hint = (key: string): string => ` (${key}): raise with --limit ${key}=N on the command line, or the scan's limits setting`;

  /** 20 MiB of zeros in a 7z with a 32 MiB dictionary, written by 7-Zip itself: 3,252 bytes. */
  async function zeros7z(): Promise<Buffer> {
    const sevenZip = await SevenZip({ print: () => undefined, printErr: () => undefined });
    sevenZip.FS.writeFile('/zeros.bin', new Uint8Array(20 * MiB));
    sevenZip.callMain(['a', '-bso0', '-m0=LZMA2:d=32m', '-mx1', '/z.7z', '/zeros.bin']);
    return Buffer.from(sevenZip.FS.readFile('/z.7z'));
  }

  it('refuses up front what the listing shows over the ratio, and past its memory cap what 7-Zip cannot decode within it', async () => {
    const bytes = await zeros7z();
    expect(bytes.length).toBe(3252);
    const byRatio = await runUnpacker(sevenzip, bytes);
    expect([byRatio.members, byRatio.problems.map((p) => [p.code, p.message])]).toEqual([
      {},
      [['limit-exceeded', `7z lists 1 files of 20971520 bytes from 3252 bytes, above 250:1; not unpacked${hint('maxCompressionRatio')}`]],
    ]);
    // The 32 MiB dictionary does not fit in 16 MiB of WebAssembly memory: 7-Zip's allocation is refused.
    const byMemory = await runUnpacker(sevenzip, bytes, { maxCompressionRatio: 10_000, maxDecoderMemory: 16 * MiB });
    expect([byMemory.members, byMemory.problems.map((p) => [p.code, p.message])]).toEqual([
      {},
      [['limit-exceeded', `7-Zip needs more than 16777216 bytes of memory for this 7z; not unpacked${hint('maxDecoderMemory')}`]],
    ]);
    const raised = await runUnpacker(sevenzip, bytes, { maxCompressionRatio: 10_000 });
    expect([Object.keys(raised.members), raised.members['zeros.bin']?.length, raised.problems]).toEqual([['zeros.bin'], 20 * MiB, []]);
  });
});

describe('7-Zip and the embedding process', () => {
  it('leaves process.exitCode as it was, whatever 7-Zip exits with', async () => {
    const sevenZip = await SevenZip({ print: () => undefined, printErr: () => undefined });
    sevenZip.FS.writeFile('/a.txt', new TextEncoder().encode('x'.repeat(5000)));
    sevenZip.callMain(['a', '-bso0', '/a.7z', '/a.txt']);
    const whole = Buffer.from(sevenZip.FS.readFile('/a.7z'));
    const before = process.exitCode;
    try {
      process.exitCode = undefined;
      // Packed data damaged behind intact headers: 7-Zip reports a data error and exits 2.
      const damaged = Buffer.from(whole);
      for (let i = 40; i < 60; i++) damaged[i] = (damaged[i] ?? 0) ^ 0xff;
      const outcome = await runUnpacker(sevenzip, damaged);
      expect(outcome.error).toBe('corrupt: 7-Zip: ERROR: Data Error : a.txt');
      expect(process.exitCode).toBeUndefined();
    } finally {
      process.exitCode = before;
    }
  });
});
