// romfs from genromfs (fixtures/unpack/romfs/make.sh) and hostile variants.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { lzma } from '../compress/lzma.ts';
import { romfs } from './romfs.ts';

const IMAGE = readFileSync(fileURLToPath(new URL('../../../../fixtures/unpack/romfs/romfs.img', import.meta.url)));

describe('filesystem/romfs', () => {
  it('genromfs image: files, nested directories, a symlink; . and .. skipped', async () => {
    expect(await runUnpacker(romfs, IMAGE)).toEqual({
      identified: true,
      members: {
        README: 'binlens romfs fixture\n',
        'etc/banner': 'BusyBox v1.36.1 (2023-11-06 11:31:52 UTC)\n',
        'etc/init.d/rcS': '#!/bin/sh\necho start\n',
        'etc/readme-link': '-> ../README',
      },
      problems: [],
    });
  });

  it('is not read as LZMA', async () => {
    expect((await runUnpacker(lzma, IMAGE)).identified).toBe(false);
  });

  it('a header whose next pointer loops back ends the walk; one outside the image is a warning', async () => {
    const looped = Buffer.from(IMAGE);
    // The first header after the volume name ("binlens") is at 32: point its next at itself.
    looped.writeUInt32BE((looped.readUInt32BE(32) & 15) | 32, 32);
    const out = await runUnpacker(romfs, looped);
    expect(out.error).toBeUndefined();
    const outside = Buffer.from(IMAGE);
    outside.writeUInt32BE((outside.readUInt32BE(32) & 15) | 0x100000, 32);
    expect((await runUnpacker(romfs, outside)).error).toBe('malformed: file header at 1048576 lies outside the image');
  });

  it('fuzz: mutated images never throw', async () => {
    await fuzzUnpacker(romfs, [IMAGE], 80, 8);
  });
});
