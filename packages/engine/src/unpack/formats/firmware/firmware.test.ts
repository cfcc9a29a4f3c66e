// Firmware containers: uImage, FIT, TRX, Intel HEX, S-record. Samples are built
// here (headers with real CRCs) or taken from fixtures/unpack/firmware-containers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fit } from './fit.ts';
import { ihex } from './ihex.ts';
import { srec } from './srec.ts';
import { trx } from './trx.ts';
import { uimage } from './uimage.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FIRMWARE_TAR = readFileSync(fileURLToPath(new URL('../../../../fixtures/unpack/firmware-containers/firmware.tar', import.meta.url)));

/** A member's bytes from an uncompressed ustar archive. */
function member(archive: Buffer, name: string): Buffer {
  for (let pos = 0; pos + 512 <= archive.length; ) {
    const header = archive.subarray(pos, pos + 512);
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (header.toString('latin1', 0, 100).replace(/\0.*$/s, '') === name) return archive.subarray(pos + 512, pos + 512 + size);
    pos += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${name} not in archive`);
}

/** A legacy uImage of `payload` (type, compression as in image.h). */
function makeUImage(payload: Buffer, type = 2, comp = 0): Buffer {
  const header = Buffer.alloc(64);
  header.writeUInt32BE(0x27051956, 0);
  header.writeUInt32BE(payload.length, 12);
  header.writeUInt32BE(crc32(payload), 24);
  header[28] = 5; // linux
  header[29] = 2; // arm
  header[30] = type;
  header[31] = comp;
  header.write('demo', 32);
  header.writeUInt32BE(crc32(header), 4);
  return Buffer.concat([header, payload]);
}

describe('firmware containers', () => {
  it('uImage: header CRC checked, payload named by type and compression', async () => {
    const image = makeUImage(Buffer.from('kernel bytes\n'));
    expect(await runUnpacker(uimage, image)).toEqual({ identified: true, members: { kernel: 'kernel bytes\n' }, problems: [] });
    expect((await runUnpacker(uimage, makeUImage(Buffer.from('x'), 7, 1))).members).toEqual({ 'filesystem.gz': 'x' });
    const badHeader = Buffer.from(image);
    badHeader[40] = 0x41;
    expect((await runUnpacker(uimage, badHeader)).identified).toBe(false);
  });

  it('uImage: a bad data CRC is a warning, the payload is still extracted', async () => {
    const image = makeUImage(Buffer.from('kernel bytes\n'));
    image[70] = 0x21;
    const out = await runUnpacker(uimage, image);
    expect(out.members).toEqual({ kernel: 'kernel!bytes\n' });
    expect(out.problems.map((p) => p.code)).toEqual(['checksum-mismatch']);
  });

  it('uImage: multi-file images list their parts', async () => {
    const parts = Buffer.concat([Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0]), Buffer.from('abc\0de')]);
    expect((await runUnpacker(uimage, makeUImage(parts, 4))).members).toEqual({ 'part-0': 'abc', 'part-1': 'de' });
  });

  it('uImage made by mkimage', async () => {
    const out = await runUnpacker(uimage, member(FIRMWARE_TAR, './kernel.uimage'));
    expect(Object.keys(out.members)).toEqual(['kernel.gz']);
    expect(out.problems).toEqual([]);
  });

  it('FIT made by mkimage: every /images node, named with its compression', async () => {
    const out = await runUnpacker(fit, member(FIRMWARE_TAR, './image.itb'));
    expect(Object.keys(out.members)).toEqual(['kernel-1.gz', 'fdt-1']);
    expect(out.problems).toEqual([]);
  });

  it('a plain device tree blob is not a FIT', async () => {
    const itb = member(FIRMWARE_TAR, './image.itb');
    const fdt = (await runUnpacker(fit, itb)).members['fdt-1'] ?? '';
    expect((await runUnpacker(fit, Buffer.from(fdt, 'latin1'))).identified).toBe(false);
  });

  it('TRX: partitions between the header offsets, CRC checked', async () => {
    const out = await runUnpacker(trx, member(FIRMWARE_TAR, './router.trx'));
    expect(Object.keys(out.members)).toEqual(['partition-0', 'partition-1']);
    expect(out.problems).toEqual([]);
    const bad = Buffer.from(member(FIRMWARE_TAR, './router.trx'));
    bad[100] = (bad[100] ?? 0) ^ 0xff;
    expect((await runUnpacker(trx, bad)).problems.map((p) => p.code)).toEqual(['checksum-mismatch']);
  });

  it('Intel HEX: extended linear addresses, holes filled with 0xff', async () => {
    // `:02 0000 04 0800 F2` sets the upper address to 0x08000000.
    const hex = [':020000040800F2', ':0400000041424344F2', ':020006004546 6D'.replace(' ', ''), ':00000001FF', ''].join('\r\n');
    expect(await runUnpacker(ihex, Buffer.from(hex), {}, 'app.hex')).toEqual({ identified: true, members: { 'app.bin': 'ABCD\xff\xffEF'.replace(/\xff/g, '\ufffd') }, problems: [] });
    const out = await runUnpacker(ihex, Buffer.from(hex.replace(':00000001FF', '')), {}, 'cut.hex');
    expect(out.error).toBe('truncated: no end-of-file record');
    expect((await runUnpacker(ihex, Buffer.from(':0400000041424344EF\n'))).identified).toBe(false);
  });

  it('Intel HEX and S-record made by objcopy and srec_cat decode to the same bytes', async () => {
    const fromHex = await runUnpacker(ihex, member(FIRMWARE_TAR, './app.hex'), {}, 'app.hex');
    const fromSrec = await runUnpacker(srec, member(FIRMWARE_TAR, './app.srec'), {}, 'app.srec');
    const text = 'binlens firmware payload v2.4.1\n'.repeat(8);
    expect(fromHex.members).toEqual({ 'app.bin': text });
    expect(fromSrec.members).toEqual({ 'app.bin': text });
  });

  it('S-record: a bad checksum is a malformed line', async () => {
    const good = 'S00F000068656C6C6F212020202000003B\nS107000041424344EE\n';
    expect((await runUnpacker(srec, Buffer.from(good), {}, 'a.s19')).members).toEqual({ 'a.bin': 'ABCD' });
    expect((await runUnpacker(srec, Buffer.from(`${good}S1070004414243447A\n`), {}, 'a.s19')).error).toBe('malformed: line 3 is not a valid S-record');
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(uimage, [makeUImage(Buffer.from('payload')), member(FIRMWARE_TAR, './kernel.uimage')], 60, 4);
    await fuzzUnpacker(fit, [member(FIRMWARE_TAR, './image.itb')], 60, 4);
    await fuzzUnpacker(trx, [member(FIRMWARE_TAR, './router.trx')], 60, 4);
    await fuzzUnpacker(ihex, [member(FIRMWARE_TAR, './app.hex')], 60, 1);
    await fuzzUnpacker(srec, [member(FIRMWARE_TAR, './app.srec')], 60, 2);
  }, 60_000);
});
