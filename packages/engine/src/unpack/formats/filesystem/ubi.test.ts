// UBI: the ubinize fixture (a static and two dynamic volumes), duplicate LEBs
// resolved by sequence number and copy flag, damaged headers, truncation, fuzzing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ubi } from './ubi.ts';
import { ubiCrc } from '../../layouts/ubi-headers.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { unpackBytes } from '../../../../test/unpack-bytes.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FUZZ_TIMEOUT = 60_000;
const IMAGE = gunzipSync(readFileSync(new URL('../../../../fixtures/unpack/ubi/flash.ubi.gz', import.meta.url)));
const PEB = 16 * 1024;
const VID = 64;
const DATA = 128;
/** ubinize puts the layout volume in PEBs 0-1, then the static `kernel` volume in PEB 2. */
const KERNEL_PEB = 2;

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** A copy of the kernel's PEB holding `text`, with the given sequence number and copy flag. */
function kernelCopy(text: string, sqnum: bigint, copyFlag: boolean): Buffer {
  const peb = Buffer.from(IMAGE.subarray(KERNEL_PEB * PEB, (KERNEL_PEB + 1) * PEB));
  peb.fill(0xff, DATA);
  peb.write(text, DATA, 'latin1');
  peb[VID + 6] = copyFlag ? 1 : 0;
  peb.writeUInt32BE(text.length, VID + 20);
  peb.writeUInt32BE(ubiCrc(Buffer.from(text, 'latin1')), VID + 32);
  peb.writeBigUInt64BE(sqnum, VID + 40);
  peb.writeUInt32BE(ubiCrc(peb.subarray(VID, VID + 60)), VID + 60);
  return peb;
}

describe('filesystem/ubi', () => {
  it('rebuilds every volume from its LEBs, named from the volume table', async () => {
    const out = await unpackBytes(ubi, IMAGE, 'flash.ubi');
    expect(out.problems).toEqual([]);
    expect([...out.files.keys()]).toEqual(['kernel.img', 'rootfs.ubifs', 'data.ubifs']);
    expect(out.files.get('kernel.img')?.toString()).toBe('fake kernel blob\n');
    // Each dynamic volume is its whole UBIFS image: 13 LEBs of 16 KiB less the two headers.
    for (const name of ['rootfs.ubifs', 'data.ubifs']) {
      const volume = out.files.get(name) ?? Buffer.alloc(0);
      expect(volume.length).toBe(13 * (PEB - DATA));
      expect(volume.readUInt32LE(0)).toBe(0x06101831);
    }
    expect(sha256(out.files.get('kernel.img') ?? Buffer.alloc(0))).toBe('00521a619ff918e663bd14eedfaae40ccae6fd64f81667cc2b2aae19d884c5cb');
  });

  it('of two PEBs for one LEB the higher sequence number wins; a copy with a bad data CRC loses', async () => {
    const newer = Buffer.concat([IMAGE, kernelCopy('newer kernel blob', 5n, false)]);
    expect((await unpackBytes(ubi, newer)).files.get('kernel.img')?.toString()).toBe('newer kernel blob');
    const withOld = Buffer.concat([IMAGE.subarray(0, KERNEL_PEB * PEB), kernelCopy('newest kernel', 9n, false), IMAGE.subarray((KERNEL_PEB + 1) * PEB), kernelCopy('older kernel', 3n, false)]);
    expect((await unpackBytes(ubi, withOld)).files.get('kernel.img')?.toString()).toBe('newest kernel');
    // A dynamic-volume copy (copy_flag) whose data CRC fails is passed over for the older PEB.
    const rootfsPeb = Buffer.from(IMAGE.subarray(3 * PEB, 4 * PEB));
    rootfsPeb[VID + 6] = 1;
    rootfsPeb.writeUInt32BE(16, VID + 20);
    rootfsPeb.writeUInt32BE(0xdeadbeef, VID + 32);
    rootfsPeb.writeBigUInt64BE(7n, VID + 40);
    rootfsPeb.writeUInt32BE(ubiCrc(rootfsPeb.subarray(VID, VID + 60)), VID + 60);
    rootfsPeb.fill(0, DATA, DATA + 16);
    const copied = await unpackBytes(ubi, Buffer.concat([IMAGE, rootfsPeb]));
    expect(copied.files.get('rootfs.ubifs')?.readUInt32LE(0)).toBe(0x06101831);
  });

  it('a damaged VID header skips its eraseblock with a problem; the hole reads as erased flash', async () => {
    const bad = Buffer.from(IMAGE);
    bad[4 * PEB + VID + 13] = (bad[4 * PEB + VID + 13] ?? 0) ^ 1; // rootfs LEB 1
    const out = await unpackBytes(ubi, bad);
    expect(out.problems.map((p) => [p.code, p.message])).toEqual([['corrupt', '1 UBI eraseblocks with damaged headers were skipped']]);
    expect(out.files.get('kernel.img')?.toString()).toBe('fake kernel blob\n');
    const leb1 = out.files.get('rootfs.ubifs')?.subarray(PEB - DATA, 2 * (PEB - DATA));
    expect(leb1?.equals(Buffer.alloc(PEB - DATA, 0xff))).toBe(true);
  });

  it('a damaged volume table names volumes by id', async () => {
    const bad = Buffer.from(IMAGE);
    for (const peb of [0, 1]) bad[peb * PEB + DATA + 20] = 0x21; // a byte of the first record's name, in both copies
    const out = await unpackBytes(ubi, bad);
    expect([...out.files.keys()]).toEqual(['volume-0.img', 'volume-1.ubifs', 'volume-2.ubifs']);
    expect(out.problems.map((p) => [p.code, p.message])).toEqual([['corrupt', 'UBI volume table missing or damaged: volumes are named by id']]);
  });

  it('a truncated image keeps whole eraseblocks and says where it ends', async () => {
    const out = await runUnpacker(ubi, IMAGE.subarray(0, 3 * PEB + 100));
    expect(out.members).toEqual({ 'kernel.img': 'fake kernel blob\n' });
    expect(out.problems.map((p) => [p.code, p.message])).toEqual([['truncated', 'UBI image ends inside eraseblock 3']]);
  });

  it('not UBI: an erase-counter header whose CRC fails', async () => {
    const bad = Buffer.from(IMAGE.subarray(0, PEB));
    bad[8] = 1;
    expect((await runUnpacker(ubi, bad)).identified).toBe(false);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(ubi, [IMAGE.subarray(0, 6 * PEB), IMAGE], 100, 64);
  }, FUZZ_TIMEOUT);
});
