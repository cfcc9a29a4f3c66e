// Vendor firmware containers: Arcadyan's obfuscated images, D-Link SEAMA and Matter OTA
// images (fixtures/unpack/{arcadyan,seama,matter-ota}/make.sh build them as the formats'
// own tools do; Debian packages none of those tools).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { arcadyan, deobfuscate } from './arcadyan.ts';
import { matterOta, parseOtaHeader } from './matter-ota.ts';
import { seama } from './seama.ts';

const fixture = (path: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../../fixtures/unpack/${path}`, import.meta.url)));
const ARCADYAN = fixture('arcadyan/firmware.bin');
const SEAMA = fixture('seama/firmware.seama');
const OTA = fixture('matter-ota/image.ota');

describe('firmware/arcadyan', () => {
  it('deobfuscation restores the LZMA header behind the model signature', () => {
    const plain = deobfuscate(ARCADYAN.subarray(0, 0x88));
    expect(plain.toString('hex', 0, 9)).toBe('56c38cd95d00008000');
    expect(deobfuscate(deobfuscate(ARCADYAN.subarray(0, 0x88)))).not.toEqual(ARCADYAN.subarray(0, 0x88));
  });

  it('writes the deobfuscated image from offset 4 as firmware.lzma', async () => {
    const out = await runUnpacker(arcadyan, ARCADYAN);
    expect(Object.keys(out.members)).toEqual(['firmware.lzma']);
    expect(Buffer.from(out.members['firmware.lzma'] ?? '', 'latin1').length).toBeGreaterThan(0);
    expect(out.problems).toEqual([]);
  });

  it('needs the marker at 0x68 and a signature without NUL bytes', async () => {
    const noMarker = Buffer.from(ARCADYAN);
    noMarker[0x69] = 0;
    expect((await runUnpacker(arcadyan, noMarker)).identified).toBe(false);
    const nulSignature = Buffer.from(ARCADYAN);
    nulSignature[1] = 0;
    expect((await runUnpacker(arcadyan, nulSignature)).identified).toBe(false);
  });
});

describe('firmware/seama', () => {
  it('seal skipped; the entity image and its meta data, MD5 checked', async () => {
    const out = await runUnpacker(seama, SEAMA);
    expect(Object.keys(out.members)).toEqual(['image-0.meta', 'image-0']);
    expect(out.members['image-0.meta']).toBe('dev=/dev/mtdblock/1\ntype=firmware\n');
    expect(out.problems).toEqual([]);
  });

  it('a changed image byte is an MD5 warning at the member; a header that overruns the file is no SEAMA', async () => {
    const changed = Buffer.from(SEAMA);
    changed[changed.length - 10] = (changed[changed.length - 10] ?? 0) ^ 1;
    expect((await runUnpacker(seama, changed)).problems.map((p) => [p.code, p.location])).toEqual([['checksum-mismatch', ['image-0']]]);
    expect((await runUnpacker(seama, SEAMA.subarray(0, SEAMA.length - 1))).identified).toBe(false);
  });
});

describe('firmware/matter-ota', () => {
  it('header fields from the TLV', () => {
    const header = parseOtaHeader(OTA.subarray(16, 16 + OTA.readUInt32LE(12)));
    const payload = OTA.subarray(16 + OTA.readUInt32LE(12));
    expect(header).toEqual({
      vendorId: 0xfff1,
      productId: 0x8001,
      softwareVersion: 2,
      softwareVersionString: '2.0',
      payloadSize: payload.length,
      digestType: 1,
      digest: createHash('sha256').update(payload).digest(),
    });
  });

  it('the payload is the member, its SHA-256 checked', async () => {
    const out = await runUnpacker(matterOta, OTA);
    expect(Object.keys(out.members)).toEqual(['payload']);
    expect(gunzipSync(OTA.subarray(16 + OTA.readUInt32LE(12))).toString()).toBe('Matter example light firmware\nCHIP SDK v1.2.0.1\n');
    expect(out.problems).toEqual([]);
    const changed = Buffer.from(OTA);
    changed[changed.length - 3] = (changed[changed.length - 3] ?? 0) ^ 1;
    expect((await runUnpacker(matterOta, changed)).problems.map((p) => p.code)).toEqual(['checksum-mismatch']);
  });

  it('a total size past the file is a truncation; fuzzed headers never throw', async () => {
    const cut = OTA.subarray(0, OTA.length - 20);
    expect((await runUnpacker(matterOta, cut)).error).toBe(`truncated: Matter OTA image says ${OTA.length} bytes, ${OTA.length - 20} are there`);
    await fuzzUnpacker(matterOta, [OTA], 60);
    await fuzzUnpacker(seama, [SEAMA], 40);
    await fuzzUnpacker(arcadyan, [ARCADYAN], 20, 0x6c);
  });
});
