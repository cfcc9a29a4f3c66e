// Android boot images: the mkbootimg v2 and vendor v3 fixtures, v0 and v3 samples,
// v4 boot and vendor images derived from them, truncation and fuzzing.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { androidBoot } from './android-boot.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { unpackBytes } from '../../../../test/unpack-bytes.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const BOOT = readFileSync(new URL('../../../../fixtures/unpack/android-boot/boot.img', import.meta.url));
const VENDOR = readFileSync(new URL('../../../../fixtures/unpack/android-vendor-boot/vendor_boot.img', import.meta.url));
/** printf 'k0\n' > k; printf rd > r; mkbootimg --header_version 0 --pagesize 2048 --kernel k --ramdisk r --cmdline quiet */
const V0 = gunzipSync(
  Buffer.from('H4sIAAAAAAACA3P0cwny93RRZGYAggYGASYGMBBkgAFGBgEGDgacoLA0M7WEYRSMVNCRuP255FOngpdHI02l6lmCyncfcR0NlVEwCkbBKBj8INuAazQQRsEoGAWjYBSMghEGilJGw2AUjIJRMApGwSgYaQAAENa6wgAYAAA=', 'base64'),
);
/** mkbootimg --header_version 3 --kernel k --ramdisk r --cmdline console=ttyMSM0 --os_version 14.1.2 --os_patch_level 2025-12 */
const V3 = gunzipSync(
  Buffer.from('H4sIAAAAAAACA+3QsQ2CYBSF0RcxFnb0Nm7wD6AFCY0FkuAIaiWRBGnchWHBmgkk5yS3ut1XXMumvpTHLCI288Z8ezjtYuH337v3p2uf52H4VrcqBQAAAPAfXmkvAgAAAKxc/9AAAAAA1m4CLT+xiAAwAAA=', 'base64'),
);

const page = (text: string, size: number): Buffer => {
  const out = Buffer.alloc(size);
  out.write(text, 'latin1');
  return out;
};

describe('firmware/android-boot', () => {
  it('v2: kernel, ramdisk named by its compression, second, dtb and the header facts', async () => {
    const out = await runUnpacker(androidBoot, BOOT, {}, 'boot.img');
    expect(out.problems).toEqual([]);
    expect(Object.keys(out.members)).toEqual(['bootimg.cfg', 'kernel', 'ramdisk.cpio.gz', 'second', 'dtb']);
    expect(out.members['bootimg.cfg']).toBe(
      'header_version = 2\npage_size = 2048\nos_version = 13.0.0\nos_patch_level = 2024-05\nboard = binlens\ncmdline = console=ttyS0 androidboot.hardware=binlens\n',
    );
    expect(out.members.kernel).toBe('stand-in kernel image\n');
    expect(out.members.second).toBe('second stage loader\n');
    const ramdisk = (await unpackBytes(androidBoot, BOOT)).files.get('ramdisk.cpio.gz') ?? Buffer.alloc(0);
    expect(gunzipSync(ramdisk).toString('latin1')).toContain('ro.product.model=binlens');
  });

  it('v0 and v3 headers', async () => {
    expect((await runUnpacker(androidBoot, V0)).members).toEqual({ 'bootimg.cfg': 'header_version = 0\npage_size = 2048\ncmdline = quiet\n', kernel: 'k0\n', ramdisk: 'rd' });
    expect((await runUnpacker(androidBoot, V3)).members).toEqual({
      'bootimg.cfg': 'header_version = 3\npage_size = 4096\nos_version = 14.1.2\nos_patch_level = 2025-12\ncmdline = console=ttyMSM0\n',
      kernel: 'k0\n',
      ramdisk: 'rd',
    });
  });

  it('v1: a recovery DTBO after the second stage; an LZ4 legacy ramdisk is named for the next round', async () => {
    // V0 with 2 KiB pages: header, kernel, ramdisk; v1 adds recovery_dtbo_size at 1632.
    const v1 = Buffer.concat([V0, page('recovery dtbo', 2048)]);
    v1.writeUInt32LE(1, 40);
    v1.writeUInt32LE(13, 1632);
    v1.writeUInt32LE(0x184c2102, 2 * 2048); // the ramdisk now starts with the LZ4 legacy magic
    const out = await unpackBytes(androidBoot, v1);
    expect([...out.files.keys()]).toEqual(['bootimg.cfg', 'kernel', 'ramdisk.cpio.lz4', 'recovery_dtbo']);
    expect(out.files.get('recovery_dtbo')?.toString()).toBe('recovery dtbo');
  });

  it('v4: the boot signature after the ramdisk', async () => {
    const v4 = Buffer.concat([V3, page('signature bytes', 4096)]);
    v4.writeUInt32LE(4, 40);
    v4.writeUInt32LE(15, 1580);
    const out = await runUnpacker(androidBoot, v4);
    expect(out.members.boot_signature).toBe('signature bytes');
    expect(out.members['bootimg.cfg']).toMatch(/^header_version = 4\n/);
  });

  it('vendor boot v3, and v4 with a ramdisk table and bootconfig', async () => {
    const v3 = await runUnpacker(androidBoot, VENDOR);
    expect(Object.keys(v3.members)).toEqual(['bootimg.cfg', 'vendor_ramdisk.cpio.gz', 'dtb']);
    expect(v3.members['bootimg.cfg']).toBe('header_version = 3\npage_size = 2048\nboard = vboard\nvendor_cmdline = androidboot.vendor=binlens\n');
    // v4: the same sections, then a two-entry ramdisk table and a bootconfig, one 2 KiB page each.
    const table = Buffer.alloc(2048);
    const ramdiskSize = VENDOR.readUInt32LE(24);
    for (const [i, [size, offset, name]] of ([[100, 0, 'platform'], [ramdiskSize - 100, 100, 'dlkm']] as const).entries()) {
      table.writeUInt32LE(size, i * 108);
      table.writeUInt32LE(offset, i * 108 + 4);
      table.write(name, i * 108 + 12, 'latin1');
    }
    const v4 = Buffer.concat([VENDOR, table, page('androidboot.serial=1\n', 2048)]);
    v4.writeUInt32LE(4, 8);
    v4.writeUInt32LE(2128, 2096);
    v4.writeUInt32LE(216, 2112);
    v4.writeUInt32LE(2, 2116);
    v4.writeUInt32LE(108, 2120);
    v4.writeUInt32LE(21, 2124);
    const out = await unpackBytes(androidBoot, v4);
    expect([...out.files.keys()]).toEqual(['bootimg.cfg', 'vendor_ramdisk_platform.cpio.gz', 'vendor_ramdisk_dlkm', 'dtb', 'bootconfig']);
    const ramdisk = VENDOR.subarray(4096, 4096 + ramdiskSize);
    expect(out.files.get('vendor_ramdisk_platform.cpio.gz')?.equals(ramdisk.subarray(0, 100))).toBe(true);
    expect(out.files.get('vendor_ramdisk_dlkm')?.equals(ramdisk.subarray(100))).toBe(true);
    expect(out.files.get('bootconfig')?.toString()).toBe('androidboot.serial=1\n');
  });

  it('a truncated image keeps the sections it holds and names the missing ones', async () => {
    const out = await runUnpacker(androidBoot, BOOT.subarray(0, 5000));
    expect(Object.keys(out.members)).toEqual(['bootimg.cfg', 'kernel', 'ramdisk.cpio.gz']);
    expect(out.problems.map((p) => [p.code, p.message])).toEqual([
      ['truncated', 'second (20 bytes at 6144) runs past the end of the image'],
      ['truncated', 'dtb (26 bytes at 8192) runs past the end of the image'],
    ]);
  });

  it('not a boot image: a bad page size, no sections', async () => {
    const bad = Buffer.from(BOOT);
    bad.writeUInt32LE(1000, 36);
    expect((await runUnpacker(androidBoot, bad)).identified).toBe(false);
    const empty = Buffer.from(V0);
    empty.fill(0, 8, 20);
    expect((await runUnpacker(androidBoot, empty)).identified).toBe(false);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(androidBoot, [BOOT, VENDOR, V3], 100, 8);
  });
});
