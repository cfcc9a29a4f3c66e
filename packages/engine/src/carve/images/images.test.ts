// Images carved out of a blob (fixtures/unpack/carve-images/make.sh: a PNG from pnmtopng,
// a JPEG from cjpeg and a GIF from ppmtogif between filler bytes), and what is not one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findChunks } from '../carve.ts';
import { UNPACKERS } from '../../unpack/registry.ts';
import { HEAD_BYTES } from '../../unpack/types.ts';
import { withReader } from '../../../test/reader.ts';
import type { Carvable } from './carvable.ts';
import { gif } from './gif.ts';
import { jpeg } from './jpeg.ts';
import { png } from './png.ts';

const BLOB = readFileSync(fileURLToPath(new URL('../../../fixtures/unpack/carve-images/blob.bin', import.meta.url)));
const signal = new AbortController().signal;
// Offsets the make.sh layout gives: 0x200 header+padding, then PNG, 0x123 of ff, JPEG, 0x77 of 00, GIF.
const PNG_AT = 0x200;


const identify = (format: Carvable, bytes: Buffer) => withReader(bytes, async (reader) => format.identify(await reader.read(0, HEAD_BYTES), reader));

describe('carving images', () => {
  it('finds the PNG, JPEG and GIF with their exact extents', async () => {
    const chunks = await withReader(BLOB, (reader) => findChunks(reader, UNPACKERS, 0, signal));
    const pngEnd = PNG_AT + BLOB.indexOf('IEND', PNG_AT) - PNG_AT + 8;
    const jpegAt = pngEnd + 0x123;
    const jpegEnd = BLOB.indexOf(Buffer.from([0xff, 0xd9]), jpegAt) + 2;
    const gifAt = jpegEnd + 0x77;
    expect(chunks.map((c) => [c.unpacker.name, c.start, c.end])).toEqual([
      ['image/png', PNG_AT, pngEnd],
      ['image/jpeg', jpegAt, jpegEnd],
      ['image/gif', gifAt, BLOB.length - 0x200],
    ]);
    expect(BLOB.toString('latin1', gifAt, gifAt + 6)).toBe('GIF87a'); // ppmtogif writes the 87a form
  });

  it('an image that is the whole file is not carved out of itself', async () => {
    const pngEnd = BLOB.indexOf('IEND', PNG_AT) + 8;
    const alone = BLOB.subarray(PNG_AT, pngEnd);
    expect(await withReader(alone, (reader) => findChunks(reader, UNPACKERS, 0, signal))).toEqual([]);
    expect(await identify(png, alone)).toEqual({ start: 0, end: alone.length });
  });

  it('cut or corrupted images are not claimed', async () => {
    const pngEnd = BLOB.indexOf('IEND', PNG_AT) + 8;
    const badCrc = Buffer.from(BLOB.subarray(PNG_AT, pngEnd));
    badCrc[20] = (badCrc[20] ?? 0) ^ 1; // inside IHDR
    expect(await identify(png, badCrc)).toBeNull();
    expect(await identify(png, BLOB.subarray(PNG_AT, pngEnd - 4))).toBeNull();
    const jpegAt = pngEnd + 0x123;
    expect(await identify(jpeg, BLOB.subarray(jpegAt, jpegAt + 100))).toBeNull();
    expect(await identify(jpeg, Buffer.from('ffd8ffd9', 'hex'))).toBeNull(); // no frame
    expect(await identify(gif, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x3b', 'latin1'))).toBeNull(); // no image
  });
});
