// SquashFS (read natively) and ISO 9660 (through the 7-Zip adapter).
import { describe, expect, it } from 'vitest';
import { squashfs } from './squashfs.ts';
import { iso9660 } from './iso9660.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { ISO, SQUASHFS } from '../../../../test/seven-zip-samples.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const README = 'hello from a container\n';
const PACKAGE = '{"name":"left-pad","version":"1.3.0"}\n';

describe('SquashFS and 7-Zip filesystems', () => {
  it('squashfs: files and the symlink, recorded not followed', async () => {
    expect(await runUnpacker(squashfs, SQUASHFS)).toEqual({
      identified: true,
      members: { 'docs/readme.txt': README, link: '-> docs/readme.txt', 'package.json': PACKAGE },
      problems: [],
    });
  });

  it('iso9660: Joliet names; a Rock Ridge symlink comes out as an empty file (7-Zip reads no RR links)', async () => {
    const out = await runUnpacker(iso9660, ISO);
    expect(out.members).toEqual({ 'docs/readme.txt': README, link: '', 'package.json': PACKAGE });
    expect(out.problems).toEqual([]);
  });

  it('squashfs: the file limit stops the walk after the members it allows', async () => {
    const out = await runUnpacker(squashfs, SQUASHFS, { maxFiles: 1 });
    expect(out.members).toEqual({ 'docs/readme.txt': README });
    expect(out.problems.map((p) => p.code)).toEqual(['limit-exceeded']);
  });

  it('a corrupted image is a located problem', async () => {
    const bad = Buffer.from(SQUASHFS);
    bad.fill(0x55, 96, 400);
    const out = await runUnpacker(squashfs, bad);
    expect(out.error ?? out.problems.map((p) => p.code).join()).toMatch(/corrupt|truncated/);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(squashfs, [SQUASHFS], 30, 96);
    await fuzzUnpacker(iso9660, [ISO], 10, 0);
  }, FUZZ_TIMEOUT);
});
