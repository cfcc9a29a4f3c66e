// CramFS and FAT through the 7-Zip adapter, on the mkfs.cramfs and mkfs.vfat + mcopy fixtures.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cramfs } from './cramfs.ts';
import { fat } from './fat.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const fixture = (path: string): Buffer => readFileSync(new URL(`../../../../fixtures/unpack/${path}`, import.meta.url));
const CRAMFS = fixture('cramfs/rootfs.cramfs');
const FAT = gunzipSync(fixture('fat/fat.img.gz'));
const PACKAGE = '{"name":"left-pad","version":"1.3.0","license":"WTFPL"}\n';

describe('7-Zip filesystems: CramFS and FAT', () => {
  it('cramfs: files in directories and the symlink, recorded not followed', async () => {
    expect(await runUnpacker(cramfs, CRAMFS)).toEqual({
      identified: true,
      members: {
        'etc/init.d/rcS': '#!/bin/sh\necho start\n',
        'etc/motd': 'hello from cramfs\n',
        'lib/node_modules/left-pad/package.json': PACKAGE,
        motd: '-> etc/motd',
      },
      problems: [],
    });
  });

  it('cramfs: a big-endian magic is recognised, a bad signature is not', async () => {
    const be = Buffer.from(CRAMFS.subarray(0, 512));
    be.writeUInt32BE(0x28cd3d45, 0);
    be.writeUInt32BE(512, 4);
    expect(await cramfs.identify(be, { size: 4096 } as Parameters<typeof cramfs.identify>[1])).toEqual({ start: 0, end: 512 });
    const unsigned = Buffer.from(CRAMFS.subarray(0, 512));
    unsigned.write('Compressed RAMFS', 16, 'latin1');
    expect(await cramfs.identify(unsigned, { size: 4096 } as Parameters<typeof cramfs.identify>[1])).toBeNull();
  });

  it('fat: long names and subdirectories', async () => {
    expect(await runUnpacker(fat, FAT)).toEqual({
      identified: true,
      members: {
        'EFI/BOOT/loader-configuration.conf': 'timeout 3\ndefault binlens\n',
        'README.TXT': 'hello from a FAT image\n',
        'package.json': '{"name":"left-pad","version":"1.3.0"}\n',
      },
      problems: [],
    });
  });

  it('fat: an MBR (0x55AA without a FAT boot sector) is not a volume', async () => {
    const mbr = Buffer.alloc(4096);
    mbr[510] = 0x55;
    mbr[511] = 0xaa;
    expect((await runUnpacker(fat, mbr)).identified).toBe(false);
  });

  it('corrupted images are located problems, never crashes', async () => {
    const bad = Buffer.from(CRAMFS);
    bad.fill(0x55, 76, 1024);
    const out = await runUnpacker(cramfs, bad);
    expect(out.error ?? out.problems.map((p) => p.code).join()).toMatch(/corrupt|truncated/);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(cramfs, [CRAMFS], 15, 76);
    await fuzzUnpacker(fat, [FAT.subarray(0, 64 * 1024)], 15, 512);
  }, FUZZ_TIMEOUT);
});
