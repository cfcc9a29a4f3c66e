// SquashFS compressors and versions (fixtures/unpack/squashfs-variants: mksquashfs
// with every compressor it has, LZ4 included). Versions 2 and 3 are recognised from
// synthetic superblocks: no free tool writes them any more.
import { describe, expect, it } from 'vitest';
import { squashfs } from './squashfs.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fixtureTar } from '../../../../test/fixture-tar.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FUZZ_TIMEOUT = 60_000;
const COMPRESSORS = ['gzip', 'lzma', 'lzo', 'lz4', 'xz', 'zstd'];

const FILES = { 'docs/readme.txt': 'hello from squashfs\n', link: '-> docs/readme.txt', 'package.json': '{"name":"left-pad","version":"1.3.0"}\n' };

/** A Reader over bytes, for identify. */
function over(bytes: Buffer): Parameters<typeof squashfs.identify>[1] {
  return { size: bytes.length, read: async (o: number, n: number) => bytes.subarray(o, o + n) } as unknown as Parameters<typeof squashfs.identify>[1];
}

describe('filesystem/squashfs variants', async () => {
  const images = await fixtureTar('squashfs-variants/images.tar.xz');

  it.each(COMPRESSORS)('%s', async (comp) => {
    expect(await runUnpacker(squashfs, images.get(`${comp}.squashfs`) ?? Buffer.alloc(0))).toEqual({ identified: true, members: FILES, problems: [] });
  });

  it('fuzzed images of every compressor never throw or escape', async () => {
    await fuzzUnpacker(squashfs, COMPRESSORS.map((comp) => images.get(`${comp}.squashfs`) ?? Buffer.alloc(0)), 300, 96);
  }, FUZZ_TIMEOUT);

  it('versions 3 (64-bit bytes_used at 63) and 2 (32-bit at 8), both endians, give their length', async () => {
    const v3le = Buffer.alloc(4096);
    v3le.write('hsqs', 0, 'latin1');
    v3le.writeUInt16LE(3, 28);
    v3le.writeBigUInt64LE(415n, 63);
    expect(await squashfs.identify(v3le.subarray(0, 512), over(v3le))).toEqual({ start: 0, end: 415 });
    const v2be = Buffer.alloc(4096);
    v2be.write('sqsh', 0, 'latin1');
    v2be.writeUInt16BE(2, 28);
    v2be.writeUInt32BE(297, 8);
    expect(await squashfs.identify(v2be.subarray(0, 512), over(v2be))).toEqual({ start: 0, end: 297 });
    v2be.writeUInt16BE(5, 28);
    expect(await squashfs.identify(v2be.subarray(0, 512), over(v2be))).toBeNull();
  });
});
