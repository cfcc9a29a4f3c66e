// Writes zips byte by byte for tests: stored/deflate, data descriptors, zip64 extras, unix modes.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  method?: 0 | 8;
  /** Flag bit 3: sizes and CRC after the data, zero in the local header. */
  descriptor?: boolean;
  /** Central sizes/offset as 0xFFFFFFFF with the real values in a zip64 extra field. */
  zip64?: boolean;
  unixMode?: number;
}

/** A member already packed: its stored or deflated body and what the zip records of it. */
export interface PackedMember {
  name: string;
  method: 0 | 8;
  body: Buffer;
  crc: number;
  /** Uncompressed size. */
  size: number;
}

export function buildZip(entries: ZipEntry[]): Buffer {
  return buildPackedZip(entries.map((e) => {
    const data = Buffer.from(e.data);
    const method = e.method ?? 8;
    return { ...e, method, body: method === 8 ? deflateRawSync(data) : data, crc: crc32(data), size: data.length };
  }));
}

/**
 * A zip of members packed by the caller (a bomb reuses one deflated body thousands of
 * times). Past 65,534 members the count lives in a zip64 end record.
 */
export function buildPackedZip(members: readonly (PackedMember & Omit<ZipEntry, 'data' | 'method'>)[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of members) {
    const { method, body, crc, size } = e;
    const name = Buffer.from(e.name, 'utf8');
    const flags = 0x800 | (e.descriptor ? 0x8 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.descriptor ? 0 : crc >>> 0, 14);
    local.writeUInt32LE(e.descriptor ? 0 : body.length, 18);
    local.writeUInt32LE(e.descriptor ? 0 : size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, body);
    if (e.descriptor) {
      const dd = Buffer.alloc(16);
      dd.writeUInt32LE(0x08074b50, 0);
      dd.writeUInt32LE(crc >>> 0, 4);
      dd.writeUInt32LE(body.length, 8);
      dd.writeUInt32LE(size, 12);
      parts.push(dd);
    }
    const extra = e.zip64 ? zip64Extra(size, body.length, offset) : Buffer.alloc(0);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    c.writeUInt16LE(e.zip64 ? 45 : 20, 6);
    c.writeUInt16LE(flags, 8);
    c.writeUInt16LE(method, 10);
    c.writeUInt32LE(crc >>> 0, 16);
    c.writeUInt32LE(e.zip64 ? 0xffffffff : body.length, 20);
    c.writeUInt32LE(e.zip64 ? 0xffffffff : size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE(((e.unixMode ?? 0) << 16) >>> 0, 38);
    c.writeUInt32LE(e.zip64 ? 0xffffffff : offset, 42);
    central.push(c, name, extra);
    offset += local.length + name.length + body.length + (e.descriptor ? 16 : 0);
  }
  const cd = Buffer.concat(central);
  const zip64 = members.length >= 0xffff ? zip64End(members.length, cd.length, offset) : [];
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Math.min(members.length, 0xffff), 8);
  eocd.writeUInt16LE(Math.min(members.length, 0xffff), 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, ...zip64, eocd]);
}

/** Zip64 end of central directory record and its locator (APPNOTE 4.3.14, 4.3.15). */
function zip64End(entries: number, directorySize: number, directoryOffset: number): Buffer[] {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return [record, locator];
}

function zip64Extra(uncompressed: number, compressed: number, offset: number): Buffer {
  const extra = Buffer.alloc(4 + 24);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(uncompressed), 4);
  extra.writeBigUInt64LE(BigInt(compressed), 12);
  extra.writeBigUInt64LE(BigInt(offset), 20);
  return extra;
}
