// Android sparse images: the img2simg fixture and synthetic images with every chunk type.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { androidSparse } from './android-sparse.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { openReader } from '../../../util/reader.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const REAL = readFileSync(new URL('../../../../fixtures/unpack/android-sparse/system.simg', import.meta.url));
const BLOCK = 8;

/** A sparse image of 8-byte blocks from [type, blocks, payload] chunks. */
function sparse(chunks: [number, number, Buffer][], totalBlocks: number): Buffer {
  const header = Buffer.alloc(28);
  header.writeUInt32LE(0xed26ff3a, 0);
  header.writeUInt16LE(1, 4);
  header.writeUInt16LE(28, 8);
  header.writeUInt16LE(12, 10);
  header.writeUInt32LE(BLOCK, 12);
  header.writeUInt32LE(totalBlocks, 16);
  header.writeUInt32LE(chunks.length, 20);
  const parts = chunks.map(([type, blocks, payload]) => {
    const h = Buffer.alloc(12);
    h.writeUInt16LE(type, 0);
    h.writeUInt32LE(blocks, 4);
    h.writeUInt32LE(12 + payload.length, 8);
    return Buffer.concat([h, payload]);
  });
  return Buffer.concat([header, ...parts]);
}

const ALL_TYPES = sparse(
  [
    [0xcac1, 1, Buffer.from('rawbytes')],
    [0xcac2, 2, Buffer.from('ab\0\n')],
    [0xcac3, 1, Buffer.alloc(0)],
    [0xcac4, 0, Buffer.alloc(4)],
  ],
  5,
);

describe('filesystem/android-sparse', () => {
  it('expands the img2simg image to the 256 KiB ext4 image it came from', async () => {
    const out = await runUnpacker(androidSparse, REAL, {}, 'system.simg');
    expect(Object.keys(out.members)).toEqual(['system.img']);
    // The harness hands members back as utf8 text: look for the ext4 files' bytes.
    expect(out.members['system.img']).toContain('ro.product.model=binlens');
    expect(out.members['system.img']).toContain('build.prop');
    expect(out.problems).toEqual([]);
  });

  it('raw, fill, don\'t care and crc chunks; the tail up to total_blks is zeros', async () => {
    const out = await runUnpacker(androidSparse, ALL_TYPES, {}, 'x.img');
    expect(out.members).toEqual({ 'x.raw.img': `rawbytesab\0\nab\0\nab\0\nab\0\n${'\0'.repeat(16)}` });
  });

  it('measure finds the end of the last chunk (for carving)', async () => {
    expect(await measureOf(Buffer.concat([ALL_TYPES, Buffer.alloc(100)]))).toBe(ALL_TYPES.length);
  });

  it('a chunk whose size disagrees with its blocks is malformed, a cut image truncated', async () => {
    const bad = Buffer.from(ALL_TYPES);
    bad.writeUInt32LE(3, 28 + 4); // raw chunk claims 3 blocks but holds 1
    expect((await runUnpacker(androidSparse, bad)).error).toMatch(/^malformed: .*chunk 0/);
    expect((await runUnpacker(androidSparse, ALL_TYPES.subarray(0, 40))).error).toMatch(/^truncated/);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(androidSparse, [ALL_TYPES, REAL.subarray(0, 4096)], 80, 28);
  }, FUZZ_TIMEOUT);
});

async function measureOf(bytes: Buffer): Promise<number | null | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-simg-'));
  try {
    await writeFile(join(dir, 'in'), bytes);
    const reader = await openReader(join(dir, 'in'));
    try {
      return await androidSparse.measure?.(reader, new AbortController().signal);
    } finally {
      await reader.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
