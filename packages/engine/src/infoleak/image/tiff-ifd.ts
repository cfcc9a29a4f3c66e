// EXIF as TIFF image file directories (TIFF 6.0 §2, EXIF 2.32 §4.6): IFD0 (camera, author,
// tool), its Exif sub-IFD (capture time, body serial, owner) and GPS sub-IFD. Bounded: every
// offset is checked against the buffer, each IFD is read once (offset loops end), at most
// MAX_ENTRIES entries per IFD, strings cut at MAX_TEXT characters. Never throws.
import type { ImageFields } from './fields.ts';

const MAX_ENTRIES = 1024;
const MAX_TEXT = 200;

/** Bytes per value of TIFF field types 1..13 (BYTE, ASCII, SHORT, LONG, RATIONAL, ..., IFD). */
const TYPE_SIZES: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;
const TAG_XMP = 0x02bc;

/** IFD0 and Exif IFD text tags → field names. */
const TEXT_TAGS: Readonly<Record<number, keyof ImageFields>> = {
  0x010f: 'make',
  0x0110: 'model',
  0x0131: 'software',
  0x013b: 'artist',
  0x8298: 'copyright',
  0x9003: 'dateTimeOriginal',
  0xa430: 'ownerName',
  0xa431: 'bodySerialNumber',
};

interface Entry {
  type: number;
  count: number;
  /** Offset of the value bytes in the buffer (inline values point into the entry). */
  at: number;
}

interface Tiff {
  bytes: Buffer;
  little: boolean;
}

/** Fields of a TIFF structure (an EXIF block, a PNG eXIf chunk or a TIFF file); XMP packet bytes when tag 700 holds one. */
export function readTiffFields(bytes: Buffer): { fields: ImageFields; xmp?: Buffer } {
  const fields: ImageFields = {};
  if (bytes.length < 8) return { fields };
  const order = bytes.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return { fields };
  const tiff = { bytes, little: order === 'II' };
  if (u16(tiff, 2) !== 42) return { fields };
  const seen = new Set<number>();
  const ifd0 = readIfd(tiff, u32(tiff, 4), seen);
  for (const [tag, name] of Object.entries(TEXT_TAGS)) {
    const entry = ifd0.get(Number(tag));
    if (entry) setText(fields, name, tiff, entry);
  }
  const exifPointer = ifd0.get(TAG_EXIF_IFD);
  if (exifPointer) {
    const exif = readIfd(tiff, pointer(tiff, exifPointer), seen);
    for (const [tag, name] of Object.entries(TEXT_TAGS)) {
      const entry = exif.get(Number(tag));
      if (entry && fields[name] === undefined) setText(fields, name, tiff, entry);
    }
  }
  const gpsPointer = ifd0.get(TAG_GPS_IFD);
  if (gpsPointer) readGps(tiff, readIfd(tiff, pointer(tiff, gpsPointer), seen), fields);
  const xmp = ifd0.get(TAG_XMP);
  const xmpBytes = xmp && (xmp.type === 1 || xmp.type === 7) ? bytes.subarray(xmp.at, xmp.at + xmp.count) : undefined;
  return xmpBytes ? { fields, xmp: xmpBytes } : { fields };
}

/** Entries of the IFD at `offset` by tag; empty when the offset is bad or was already read. */
function readIfd(tiff: Tiff, offset: number, seen: Set<number>): Map<number, Entry> {
  const entries = new Map<number, Entry>();
  if (offset < 8 || offset + 2 > tiff.bytes.length || seen.has(offset)) return entries;
  seen.add(offset);
  const count = Math.min(u16(tiff, offset), MAX_ENTRIES, Math.floor((tiff.bytes.length - offset - 2) / 12));
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    const type = u16(tiff, at + 2);
    const valueCount = u32(tiff, at + 4);
    const size = (TYPE_SIZES[type] ?? 0) * valueCount;
    if (size === 0) continue;
    const valueAt = size <= 4 ? at + 8 : u32(tiff, at + 8);
    if (valueAt + size > tiff.bytes.length) continue;
    entries.set(u16(tiff, at), { type, count: valueCount, at: valueAt });
  }
  return entries;
}

function readGps(tiff: Tiff, gps: Map<number, Entry>, fields: ImageFields): void {
  const ref = (tag: number) => {
    const entry = gps.get(tag);
    return entry?.type === 2 ? tiff.bytes.toString('latin1', entry.at, entry.at + 1).toUpperCase() : '';
  };
  const latitude = degrees(tiff, gps.get(2));
  const longitude = degrees(tiff, gps.get(4));
  if (latitude !== undefined && longitude !== undefined) {
    fields.latitude = ref(1) === 'S' ? -latitude : latitude;
    fields.longitude = ref(3) === 'W' ? -longitude : longitude;
  }
  const altitude = gps.get(6);
  if (altitude?.type === 5) {
    const metres = rational(tiff, altitude.at);
    const below = gps.get(5);
    if (metres !== undefined) fields.altitude = below && tiff.bytes[below.at] === 1 ? -metres : metres;
  }
}

/** Degrees, minutes, seconds as three RATIONALs → decimal degrees; undefined when malformed. */
function degrees(tiff: Tiff, entry: Entry | undefined): number | undefined {
  if (!entry || entry.type !== 5 || entry.count !== 3) return undefined;
  const [d, m, s] = [0, 1, 2].map((i) => rational(tiff, entry.at + i * 8));
  if (d === undefined || m === undefined || s === undefined) return undefined;
  const value = d + m / 60 + s / 3600;
  return value <= 180 ? value : undefined;
}

function rational(tiff: Tiff, at: number): number | undefined {
  const denominator = u32(tiff, at + 4);
  return denominator === 0 ? undefined : u32(tiff, at) / denominator;
}

/** ASCII values; Copyright may hold "photographer\0editor", both kept. */
function setText(fields: ImageFields, name: keyof ImageFields, tiff: Tiff, entry: Entry): void {
  if (entry.type !== 2 && entry.type !== 7) return;
  const text = tiff.bytes
    .toString('latin1', entry.at, entry.at + Math.min(entry.count, MAX_TEXT * 2))
    .split('\0')
    .map((part) => printable(part).trim())
    .filter(Boolean)
    .join(', ')
    .slice(0, MAX_TEXT);
  if (text && name !== 'latitude' && name !== 'longitude' && name !== 'altitude') fields[name] = text;
}

function pointer(tiff: Tiff, entry: Entry): number {
  return entry.type === 4 || entry.type === 13 ? u32(tiff, entry.at) : -1;
}

function u16(tiff: Tiff, at: number): number {
  if (at + 2 > tiff.bytes.length) return 0;
  return tiff.little ? tiff.bytes.readUInt16LE(at) : tiff.bytes.readUInt16BE(at);
}

function u32(tiff: Tiff, at: number): number {
  if (at + 4 > tiff.bytes.length) return 0;
  return tiff.little ? tiff.bytes.readUInt32LE(at) : tiff.bytes.readUInt32BE(at);
}

/** Control characters become spaces: the value is shown to people. */
function printable(text: string): string {
  let out = '';
  for (const char of text) out += char < ' ' || char === '\x7f' ? ' ' : char;
  return out;
}
