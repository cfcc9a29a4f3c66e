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

export function buildZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.from(e.data);
    const method = e.method ?? 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const name = Buffer.from(e.name, 'utf8');
    const flags = 0x800 | (e.descriptor ? 0x8 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.descriptor ? 0 : crc, 14);
    local.writeUInt32LE(e.descriptor ? 0 : body.length, 18);
    local.writeUInt32LE(e.descriptor ? 0 : data.length, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, body);
    if (e.descriptor) {
      const dd = Buffer.alloc(16);
      dd.writeUInt32LE(0x08074b50, 0);
      dd.writeUInt32LE(crc, 4);
      dd.writeUInt32LE(body.length, 8);
      dd.writeUInt32LE(data.length, 12);
      parts.push(dd);
    }
    const extra = e.zip64 ? zip64Extra(data.length, body.length, offset) : Buffer.alloc(0);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    c.writeUInt16LE(e.zip64 ? 45 : 20, 6);
    c.writeUInt16LE(flags, 8);
    c.writeUInt16LE(method, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(e.zip64 ? 0xffffffff : body.length, 20);
    c.writeUInt32LE(e.zip64 ? 0xffffffff : data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE(((e.unixMode ?? 0) << 16) >>> 0, 38);
    c.writeUInt32LE(e.zip64 ? 0xffffffff : offset, 42);
    central.push(c, name, extra);
    offset += local.length + name.length + body.length + (e.descriptor ? 16 : 0);
  }
  const cd = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, eocd]);
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
