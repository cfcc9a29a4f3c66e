// Partition tables and qcow2 from images made by sfdisk, sgdisk and qemu-img
// (fixtures/unpack/{mbr-disk,gpt-disk,qcow2,qcow2-zlib}/make.sh), and hostile variants.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { lzma } from '../compress/lzma.ts';
import { gpt } from './gpt.ts';
import { mbr } from './mbr.ts';
import { qcow2 } from './qcow2.ts';

const fixture = (path: string): Buffer => gunzipSync(readFileSync(fileURLToPath(new URL(`../../../../fixtures/unpack/${path}`, import.meta.url))));
const MBR_DISK = fixture('mbr-disk/disk.img.gz');
const GPT_DISK = fixture('gpt-disk/disk.img.gz');
const QCOW2 = fixture('qcow2/disk.qcow2.gz');
const QCOW2_ZLIB = fixture('qcow2-zlib/disk-zlib.qcow2.gz');

describe('disk/mbr', () => {
  it('sfdisk disk: primary FAT partition 1 and logical partition 5 through the EBR chain', async () => {
    const out = await runUnpacker(mbr, MBR_DISK);
    expect(Object.keys(out.members)).toEqual(['partition-1', 'partition-5']);
    expect(out.members['partition-1']?.slice(0, 100)).toContain('FAT12   '); // the boot sector's file system type
    expect(out.members['partition-5']?.slice(0, 8)).toBe('-rom1fs-');
    expect(out.problems).toEqual([]);
  });

  it('a FAT boot sector, a GPT protective MBR and text are no MBR', async () => {
    expect((await runUnpacker(mbr, fixture('fat/fat.img.gz'))).identified).toBe(false);
    expect((await runUnpacker(mbr, GPT_DISK)).identified).toBe(false);
    const text = Buffer.alloc(512, 0x41);
    text.writeUInt16LE(0xaa55, 510);
    expect((await runUnpacker(mbr, text)).identified).toBe(false);
  });

  it('an EBR that links to itself ends the chain; a partition cut by the image end is a warning', async () => {
    const disk = Buffer.from(MBR_DISK.subarray(0, 400 * 512));
    // The EBR at sector 320 links to itself (next EBR relative start 0).
    disk.writeUInt8(5, 320 * 512 + 446 + 16 + 4);
    disk.writeUInt32LE(0, 320 * 512 + 446 + 16 + 8);
    disk.writeUInt32LE(1, 320 * 512 + 446 + 16 + 12);
    const out = await runUnpacker(mbr, disk);
    expect(Object.keys(out.members)).toEqual(['partition-1', 'partition-5']);
    expect(out.members['partition-5']?.slice(0, 8)).toBe('-rom1fs-');
    expect(out.problems.map((p) => [p.code, p.location])).toEqual([['truncated', ['partition-5']]]);
  });

  it('fuzz: mutated tables never throw', async () => {
    await fuzzUnpacker(mbr, [MBR_DISK.subarray(0, 512 * 400)], 60, 0);
  });
});

describe('disk/gpt', () => {
  it('sgdisk disk: partitions named by their GPT names, CRCs valid', async () => {
    const out = await runUnpacker(gpt, GPT_DISK);
    expect(Object.keys(out.members)).toEqual(['partition-1-binlens-data', 'partition-2-config']);
    expect(out.members['partition-1-binlens-data']?.slice(0, 8)).toBe('-rom1fs-');
    // ASCII and zeros only: the utf8 text is the 8 KiB partition byte for byte.
    expect(out.members['partition-2-config']?.length).toBe(8 * 1024);
    expect(out.members['partition-2-config']?.startsWith('hostname=binlens\n')).toBe(true);
    expect(out.problems).toEqual([]);
  });

  it('a header with a bad CRC is no GPT; a bad entry array CRC is a warning', async () => {
    const badHeader = Buffer.from(GPT_DISK);
    badHeader[512 + 40] = (badHeader[512 + 40] ?? 0) ^ 1;
    expect((await runUnpacker(gpt, badHeader)).identified).toBe(false);
    const badEntries = Buffer.from(GPT_DISK);
    badEntries[1024 + 56] = (badEntries[1024 + 56] ?? 0) ^ 1; // a byte of partition 1's name
    const out = await runUnpacker(gpt, badEntries);
    expect(out.problems.map((p) => p.code)).toEqual(['checksum-mismatch']);
    expect(Object.keys(out.members)).toEqual(['partition-1-cinlens-data', 'partition-2-config']);
  });

  it('an entry past the image is a located warning, not a member', async () => {
    const disk = Buffer.from(GPT_DISK);
    const entry = 1024 + 128; // partition 2
    disk.writeBigUInt64LE(100_000n, entry + 32);
    disk.writeBigUInt64LE(100_010n, entry + 40);
    const array = disk.subarray(1024, 1024 + 128 * 128);
    disk.writeUInt32LE(crc32(array), 512 + 88);
    disk.writeUInt32LE(0, 512 + 16);
    disk.writeUInt32LE(crc32(disk.subarray(512, 512 + 92)), 512 + 16);
    const out = await runUnpacker(gpt, disk);
    expect(Object.keys(out.members)).toEqual(['partition-1-binlens-data']);
    expect(out.problems.map((p) => [p.code, p.location])).toEqual([['malformed', ['partition-2-config']]]);
  });
});

describe('disk/qcow2', () => {
  const raw = (() => {
    const disk = Buffer.alloc(256 * 1024);
    const marker = Buffer.from('tail marker in the last cluster\n');
    marker.copy(disk, 63 * 4096);
    return { size: disk.length, marker };
  })();

  it.each([
    ['uncompressed clusters', QCOW2],
    ['zlib-compressed clusters', QCOW2_ZLIB],
  ])('qemu-img image with %s: the guest disk, byte for byte', async (_name, image) => {
    const out = await runUnpacker(qcow2, image);
    const disk = Buffer.from(out.members['disk.img'] ?? '', 'utf8');
    expect(disk.length).toBe(raw.size);
    expect(disk.toString('latin1', 0, 4)).toBe('etc/');
    expect(disk.toString('latin1', 257, 262)).toBe('ustar');
    expect(disk.subarray(63 * 4096, 63 * 4096 + raw.marker.length)).toEqual(raw.marker);
    expect(out.problems).toEqual([]);
  });

  it('both images hold the same guest', async () => {
    const digest = async (image: Buffer) => createHash('sha256').update((await runUnpacker(qcow2, image)).members['disk.img'] ?? '').digest('hex');
    expect(await digest(QCOW2)).toBe(await digest(QCOW2_ZLIB));
  });

  it('is no longer read as LZMA', async () => {
    expect((await runUnpacker(lzma, QCOW2)).identified).toBe(false);
  });

  it('encryption is refused with a clear problem; a backing file is a warning', async () => {
    const encrypted = Buffer.from(QCOW2);
    encrypted.writeUInt32BE(2, 32); // crypt_method LUKS
    expect(await runUnpacker(qcow2, encrypted)).toMatchObject({
      identified: true,
      members: {},
      error: 'encrypted: qcow2 image is encrypted (method LUKS); its guest data cannot be read without the key',
    });
    const backed = Buffer.from(QCOW2);
    backed.writeBigUInt64BE(0x1000n, 8);
    const out = await runUnpacker(qcow2, backed);
    expect(out.problems.map((p) => p.code)).toEqual(['backing-file']);
  });

  it('an L2 table outside the image is a truncation error, and fuzzed headers never throw', async () => {
    const cut = QCOW2.subarray(0, 0x3000);
    expect((await runUnpacker(qcow2, cut)).error).toMatch(/^truncated: /);
    await fuzzUnpacker(qcow2, [QCOW2], 60);
  });
});
