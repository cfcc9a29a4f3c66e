// ext2/3/4: the mkfs.ext4 fixture image (extents, 64-bit descriptors, metadata_csum)
// and a tiny mkfs.ext2 image (block map with an indirect block).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ext } from './ext.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

/** The fixture's ext4.img.gz, the only member of its tar (data at 512). */
const TAR = readFileSync(new URL('../../../../fixtures/unpack/ext4-image/ext4-image.tar', import.meta.url));
const EXT4 = gunzipSync(TAR.subarray(512, 512 + Number.parseInt(TAR.toString('latin1', 124, 135), 8)));
/**
 * mkfs.ext2 -b 1024 -N 16 -d root e2.img 64 (E2FSPROGS_FAKE_TIME=1700000000; mkfs leaves the
 * unused tail unwritten, so `truncate -s 64K`), root:
 * d/a.txt "hi\n", n.txt 13000 × "a" (13 blocks: one behind the indirect block), l -> d/a.txt.
 */
const EXT2 = gunzipSync(Buffer.from('H4sIAAAAAAACA+3bT0sUYRwH8GdmV6S1zMrKtEz7dxE26RQUVNeok4cuESxYFIkbZNAtfRvdgl5Gh469FCEigu7bMzszsu7WJdp0dz4f+erOMsr+Rn+Pz/j4hABU1UzM3ZhazLmYpMiepTwz5fGPtachdDpr35P8vO5xrvy8qeLgZvyQFl+7vfB4+v6tB4vvH82v3H74pH0Qtfa/huz1Ht1X17+1FN+SivwcHdFKIynrzXrMRLf/k3hcd1GgIjrRnRC2O0D1vHMJoKpC7/1vmQr5dq+4ARqov97928Ww72+X+p+o2PUHDs72Tny3Wq8Pjn/JvvHvb5wx/sGh9jmb/6z+bv6Thrme8xohX9fJ1kuOxUzHHA/5utCJmJMxp2JmY06P0PynnP/tvqq9LFPW3zv+nR3T+d/HnXwNYLD+/eP/3JjW3/kQwuQf6u+1fr3V3Hq7NZbf/y838vq/FinrP99zXrY2PB+zEJM9fyFmMeZiUcNyzKWYyzFXYq66/xkJaXdMT9Lm3uM0bTbzsX42NNKN9uutlWftN5vr+difnbtejP/x8eRG8XvgU20i2RxKhwDDMtXX/z9ref8DFeFffkD/A/of0P+A/gf0P6D/Af0P6H9A/wP6HwA41Mo9ff37/7I93ru1iaRlTx+MrecvGi4CVFQLAAAAAAAAAAAAAAA49K7ZAgH2/8AI08kAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAADA//YLSXM99wAAAQA=', 'base64'));

describe('filesystem/ext', () => {
  it('ext4: files, fast and slow symlinks, a hard link, a sparse file', async () => {
    const out = await runUnpacker(ext, EXT4);
    expect(out.problems).toEqual([]);
    expect(out.error).toBeUndefined();
    expect(out.members['readme']).toBe('-> etc/app/readme.txt');
    expect(out.members['long-link']).toBe(`-> usr/lib/node_modules/left-pad/${'x'.repeat(70)}`);
    expect(out.members['etc/app/hardlink.txt']).toBe('hello from an ext4 image\n');
    expect(out.members['etc/app/readme.txt']).toBe('-> etc/app/hardlink.txt');
    expect(out.members['usr/lib/numbers.txt']?.split('\n').at(-2)).toBe('4000');
    const sparse = out.members['var/sparse.bin'] ?? '';
    expect([sparse.length, sparse.slice(-4), /^\0+$/.test(sparse.slice(0, -4))]).toEqual([40964, 'tail', true]);
  });

  it('ext2: a block map with an indirect block', async () => {
    const out = await runUnpacker(ext, EXT2);
    expect(out).toEqual({ identified: true, members: { 'd/a.txt': 'hi\n', l: '-> d/a.txt', 'n.txt': 'a'.repeat(13000) }, problems: [] });
  });

  it('not ext: no superblock magic', async () => {
    expect((await runUnpacker(ext, Buffer.alloc(4096))).identified).toBe(false);
  });

  it('a truncated image keeps what it could read and locates the rest', async () => {
    const out = await runUnpacker(ext, EXT4.subarray(0, 120 * 1024));
    expect(out.identified).toBe(true);
    const problems = out.problems.map((p) => `${p.code} ${p.location.join('/')}`).concat(out.error ?? []);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(/truncated/);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(ext, [EXT2], 60, 2048);
    await fuzzUnpacker(ext, [EXT4.subarray(0, 64 * 1024)], 20, 2048);
  }, FUZZ_TIMEOUT);
});
