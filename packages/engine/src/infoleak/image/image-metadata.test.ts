import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mutate, rng } from '../../../test/fuzz.ts';
import { imageMetadataFinding } from './image-metadata.ts';
import { readTiffFields } from './tiff-ifd.ts';
import { readXmpFields } from './xmp.ts';

const TAR = readFileSync(fileURLToPath(new URL('../../../fixtures/infoleak/image-metadata/images.tar', import.meta.url)));

/** The members of the fixture tar (ustar: 512-byte headers, octal sizes). */
function tarMembers(tar: Buffer): Map<string, Buffer> {
  const members = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const name = tar.toString('latin1', at, at + 100).replace(/\0.*$/s, '');
    const size = parseInt(tar.toString('latin1', at + 124, at + 136).replace(/\0.*$/s, '').trim() || '0', 8);
    members.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return members;
}

const IMAGES = tarMembers(TAR);
const image = (name: string): Buffer => IMAGES.get(`photos/${name}`) ?? Buffer.alloc(0);
const find = (name: string) => imageMetadataFinding(image(name), [name]);

describe('image-metadata detector', () => {
  it('JPEG EXIF: GPS with altitude, camera, body serial, author, capture time, tool', () => {
    expect(find('eiffel.jpg')).toEqual({
      kind: 'image_data',
      detector: 'image-metadata',
      path: ['eiffel.jpg'],
      offset: 20,
      value:
        'GPS 48.858222N 2.294500E 35m; Make Canon; Model Canon EOS 5D Mark IV; BodySerialNumber 032021001234; Artist Jane Roe; Owner Jane Roe; Copyright (c) 2023 Jane Roe; DateTimeOriginal 2023:07:14 21:30:05; Software Adobe Lightroom 6.0',
      context: 'JPEG EXIF in APP1 at 20',
      details: {
        format: 'jpeg',
        gps_latitude: 48.858222,
        gps_longitude: 2.2945,
        gps_altitude: 35,
        make: 'Canon',
        model: 'Canon EOS 5D Mark IV',
        body_serial_number: '032021001234',
        artist: 'Jane Roe',
        owner_name: 'Jane Roe',
        copyright: '(c) 2023 Jane Roe',
        date_time_original: '2023:07:14 21:30:05',
        software: 'Adobe Lightroom 6.0',
      },
    });
  });

  it('PNG: eXIf chunk, XMP in iTXt and a tEXt Copyright, merged into one finding', () => {
    const found = find('holiday.png');
    expect([found?.value, found?.offset, found?.context]).toEqual([
      'GPS 33.868800S 151.209300E; Make Google; Model Pixel 7; Creator John Smith; Copyright John Smith 2023; CreatorTool GIMP 2.10',
      48,
      'PNG tEXt Copyright at 48, XMP in iTXt at 85, EXIF in eXIf at 683',
    ]);
  });

  it('TIFF file: IFD0 Artist, Make, Model', () => {
    expect(find('scan.tif')?.value).toBe('Make Epson; Model Perfection V600; Artist Scanner Operator');
  });

  it('XMP packet alone: dc:creator, exif:GPSLatitude/Longitude, xmp:CreatorTool', () => {
    expect(find('xmp-only.jpg')?.value).toBe('GPS 51.500729N 0.124625W; Creator Anna Example-Free; CreatorTool Darktable 4.2');
  });

  it('decoys: a JFIF-only JPEG and a PNG naming only its tool yield nothing; so do non-images', () => {
    expect(find('plain.jpg')).toBeUndefined();
    expect(find('tool-only.png')).toBeUndefined();
    expect(imageMetadataFinding(Buffer.from('GPS 48.858222N 2.294500E Artist Jane Roe'), ['notes.txt'])).toBeUndefined();
  });

  it('XMP attribute form, entities and rdf:Alt, altitude below sea level', () => {
    const packet = `<rdf:Description exif:GPSLatitude="10,30S" exif:GPSLongitude='20,15,36E' exif:GPSAltitude="12/2" exif:GPSAltitudeRef="1">
      <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">&#169; A &amp; B</rdf:li></rdf:Alt></dc:rights></rdf:Description>`;
    expect(readXmpFields(packet)).toEqual({ copyright: '&#169; A & B', latitude: -10.5, longitude: 20.26, altitude: -6 });
  });

  it('hostile TIFF: an IFD pointing at itself, offsets past the end, huge counts — bounded, no throw', () => {
    // II*\0, IFD0 at 8: two entries — Make with an offset past the end, ExifIFD pointer back to 8.
    const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
    tiff.write('II*\0', 0, 'latin1');
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(0xffff, 8);
    const entry = (i: number, tag: number, type: number, count: number, value: number) => {
      const at = 10 + i * 12;
      tiff.writeUInt16LE(tag, at);
      tiff.writeUInt16LE(type, at + 2);
      tiff.writeUInt32LE(count, at + 4);
      tiff.writeUInt32LE(value, at + 8);
    };
    entry(0, 0x010f, 2, 0xffffffff, 4);
    entry(1, 0x8769, 4, 1, 8);
    expect(readTiffFields(tiff)).toEqual({ fields: {} });
    expect(readTiffFields(Buffer.from('MM\0*\xff\xff\xff\xff', 'latin1'))).toEqual({ fields: {} });
  });

  it('hostile XMP (unclosed elements and attributes repeated over 1 MiB) is read in linear time', () => {
    const packet = `${'<dc:creator><rdf:li>x'.repeat(20_000)}${' exif:GPSLatitude="1'.repeat(20_000)}${'<rdf:li '.repeat(20_000)}`;
    const started = performance.now();
    expect(readXmpFields(packet.repeat(2))).toEqual({});
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('mutated real images never throw (bounded fuzz)', () => {
    const next = rng(0x1a6e);
    const samples = [...IMAGES.values()];
    for (let i = 0; i < 2000; i++) {
      const input = mutate(samples[i % samples.length] ?? Buffer.alloc(0), next);
      const found = imageMetadataFinding(input, ['fuzz']);
      if (found) expect(found.value.length).toBeLessThan(4096);
    }
  });
});
