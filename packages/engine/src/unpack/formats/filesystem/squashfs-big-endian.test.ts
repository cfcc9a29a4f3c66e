// Big-endian SquashFS 4 (fixtures/unpack/squashfs-be: mksquashfs's image with every
// field swapped, its metadata block headers little endian as AVM writes them, or
// swapped too). Both read exactly as the little-endian original.
import { describe, expect, it } from 'vitest';
import { squashfs } from './squashfs.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fixtureTar } from '../../../../test/fixture-tar.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FUZZ_TIMEOUT = 60_000;
const LIBRARY = Array.from({ length: 1400 }, (_, i) => `line ${String(i).padStart(5, '0')} of the library\n`).join('');
const MEMBERS = {
  'etc/init.d/rcS': '#!/bin/sh\necho starting\n',
  'etc/passwd': 'root:x:0:0:root:/root:/bin/sh\n',
  'lib/libdemo-hardlink.so.1': LIBRARY,
  'lib/libdemo.so': '-> libdemo.so.1',
  'lib/libdemo.so.1': '-> lib/libdemo-hardlink.so.1',
};

describe('filesystem/squashfs big endian', async () => {
  const images = await fixtureTar('squashfs-be/images.tar.xz');
  const image = (name: string): Buffer => images.get(name) ?? Buffer.alloc(0);

  it.each(['le.squashfs', 'be.squashfs', 'be-swapped-headers.squashfs'])('%s', async (name) => {
    expect(await runUnpacker(squashfs, image(name))).toEqual({ identified: true, members: MEMBERS, problems: [] });
  });

  it('a cut big-endian image is a problem, not a crash', async () => {
    // bytes_used is 4,336: an image cut before its end is no image.
    expect((await runUnpacker(squashfs, image('be.squashfs').subarray(0, 4000))).identified).toBe(false);
    // bytes_used cut to 4,000: the id table (4,328) now lies outside the image.
    const lying = Buffer.from(image('be.squashfs'));
    lying.writeBigUInt64BE(4000n, 40);
    expect(await runUnpacker(squashfs, lying)).toEqual({
      identified: true,
      members: {},
      problems: [],
      error: 'corrupt: SquashFS id table at 4328, outside the 4000-byte image',
    });
  });

  it('fuzzed big-endian images never throw or escape', async () => {
    await fuzzUnpacker(squashfs, [image('be.squashfs'), image('be-swapped-headers.squashfs')], 300, 96);
  }, FUZZ_TIMEOUT);
});
