// YAFFS2: the 2048/64 fixture (newest copies, deleted/unlinked/shrunk objects), a
// 512/16 big-endian sample, tags after a bad-block marker, damage and fuzzing.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { yaffs2 } from './yaffs2.ts';
import { lzma } from '../compress/lzma.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FUZZ_TIMEOUT = 60_000;
const IMAGE = gunzipSync(readFileSync(new URL('../../../../fixtures/unpack/yaffs2/rootfs.yaffs2.gz', import.meta.url)));
/** `fixtures/unpack/yaffs2/make.sh sample`: two objects and a symlink, 512/16 chunks, big endian. */
const SMALL_BE = gunzipSync(
  Buffer.from(
    'H4sIAAAAAAACA+3WP27CMBTH8ZewMfUADD1ByfsXysgZOAESDJVQJ4auPUqlXq9DT+ASkS8ggRg6tYClKD/Lysdy8hRbRAYiUpWylNtupYjMvuit5t/7azfajf+HVVxup2t56D5/dXgHUnX9UhZPm7fNjdfD++f5eqhHV14PNU+vX15Xj02jwz4YwQlBSEJLmBCeCdM+aENAVmRFVmRFVmRFVmRFNmRDNmRDNmRDNmRDNmRDdmRHdmRHdmRHdmRHdmRHDuRADuRADuRADuRADuRATuRETuRETuRETuScHNXD9r9QCwPMlMzUNsNyb1ffjuqhu0b9fbtfrO/nB/kol84Py/Hf31N/uV8MOD/8AAq9cO5QCgAA',
    'base64',
  ),
);
const CHUNK = 2048;
const SPARE = 64;
const STRIDE = CHUNK + SPARE;
const NUMBERS = Array.from({ length: 1200 }, (_, i) => `${i + 1}\n`).join('');
const EXPECTED = {
  'etc/banner': 'hello from yaffs2\n',
  'etc/banner.hard': '-> etc/banner',
  'etc/config': 'version 2: the newest copy wins\n',
  'etc/motd': '-> banner',
  'usr/lib/node_modules/left-pad/package.json': '{"name":"left-pad","version":"1.3.0","license":"WTFPL"}\n',
  'usr/lib/numbers.txt': NUMBERS,
  'usr/lib/shrunk.txt': NUMBERS.slice(0, 100),
};

/** Offset of the chunk whose tags name (object, chunk id), in the 2048/64 little-endian fixture. */
function chunkOf(objectId: number, chunkId: number): number {
  for (let at = 0; at + STRIDE <= IMAGE.length; at += STRIDE) {
    if (IMAGE.readUInt32LE(at + CHUNK + 4) === objectId && IMAGE.readUInt32LE(at + CHUNK + 8) === chunkId) return at;
  }
  throw new Error(`no chunk ${objectId}/${chunkId}`);
}

describe('filesystem/yaffs2', () => {
  it('rebuilds the newest tree: rewritten, deleted, unlinked and shrunk objects, links; a FIFO left out', async () => {
    expect(await runUnpacker(yaffs2, IMAGE)).toEqual({ identified: true, members: EXPECTED, problems: [] });
  });

  it('512-byte chunks with 16-byte spares, big endian', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `line ${String(i + 1).padStart(3, '0')}\n`).join('');
    expect(await runUnpacker(yaffs2, SMALL_BE)).toEqual({ identified: true, members: { 'd/a.txt': lines, l: '-> d/a.txt' }, problems: [] });
  });

  it('is asked before lzma, whose loose header check the 512/16 sample passes', async () => {
    expect((await runUnpacker(lzma, SMALL_BE)).identified).toBe(true);
    expect(yaffs2.specialises).toBe('compress/lzma');
  });

  it('tags after a 2-byte bad-block marker are found by probing', async () => {
    const shifted = Buffer.alloc(IMAGE.length, 0xff);
    for (let at = 0; at < IMAGE.length; at += STRIDE) {
      IMAGE.copy(shifted, at, at, at + CHUNK);
      IMAGE.copy(shifted, at + CHUNK + 2, at + CHUNK, at + STRIDE - 2);
    }
    expect((await runUnpacker(yaffs2, shifted)).members).toEqual(EXPECTED);
  });

  it('damaged tags skip their chunk with a problem: the lost data chunk reads as zeros', async () => {
    const bad = Buffer.from(IMAGE);
    bad.writeUInt32LE(7, chunkOf(264, 2) + CHUNK); // numbers.txt's second chunk: sequence below any valid one
    const out = await runUnpacker(yaffs2, bad);
    expect(out.problems.map((p) => [p.code, p.message])).toEqual([['corrupt', '1 YAFFS2 chunks with invalid tags or headers were skipped']]);
    expect(out.members['usr/lib/numbers.txt']).toBe(NUMBERS.slice(0, CHUNK) + '\0'.repeat(CHUNK) + NUMBERS.slice(2 * CHUNK));
  });

  it('a hard link to a missing object, and a truncated image, are problems', async () => {
    const bad = Buffer.from(IMAGE);
    bad.writeUInt32LE(999, chunkOf(261, 0) + 296); // banner.hard's equivalent object id
    const linked = await runUnpacker(yaffs2, bad);
    expect(linked.members['etc/banner.hard']).toBeUndefined();
    expect(linked.problems.map((p) => [p.code, p.location, p.message])).toEqual([['corrupt', ['etc/banner.hard'], 'hard link to object 999, which is not in the tree']]);
    const cut = await runUnpacker(yaffs2, IMAGE.subarray(0, 10 * STRIDE + 100));
    expect(cut.members['etc/banner']).toBe('hello from yaffs2\n');
    expect(cut.problems.map((p) => [p.code, p.message])).toEqual([['truncated', 'YAFFS2 image ends inside chunk 10']]);
  });

  it('not YAFFS2: text, or a header without valid tags', async () => {
    expect((await runUnpacker(yaffs2, Buffer.from('just some text '.repeat(300)))).identified).toBe(false);
    const bad = Buffer.from(IMAGE.subarray(0, 4 * STRIDE));
    bad.writeUInt32LE(5, CHUNK); // sequence number of chunk 0
    expect((await runUnpacker(yaffs2, bad)).identified).toBe(false);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(yaffs2, [IMAGE, SMALL_BE], 100, 512);
  }, FUZZ_TIMEOUT);
});
