// UBI on-flash headers (big endian): the erase-counter header at the start of
// every physical eraseblock, the volume-identifier header that maps it to a
// (volume, logical block), and the records of the layout volume's table.
import { crc32 } from 'node:zlib';

export const HEADER_SIZE = 64;
export const EC_MAGIC = 0x55424923; // "UBI#"
const VID_MAGIC = 0x55424921; // "UBI!"
export const LAYOUT_VOLUME_ID = 0x7fffefff;
export const VTBL_RECORD_SIZE = 172;
export const MAX_VOLUMES = 128;
export const VOLUME_STATIC = 2;

/** UBI's CRC-32 starts from all ones like zlib's but skips the final inversion. */
export function ubiCrc(data: Uint8Array): number {
  return ~crc32(data) >>> 0;
}

export interface EcHeader {
  vidOffset: number;
  dataOffset: number;
  imageSeq: number;
}

export interface VidHeader {
  volType: number;
  copyFlag: boolean;
  volId: number;
  lnum: number;
  dataSize: number;
  usedEbs: number;
  dataPad: number;
  dataCrc: number;
  sqnum: bigint;
}

export interface VolumeRecord {
  id: number;
  name: string;
  type: number;
  dataPad: number;
  reservedPebs: number;
}

export function parseEcHeader(buf: Buffer): EcHeader | undefined {
  if (buf.length < HEADER_SIZE || buf.readUInt32BE(0) !== EC_MAGIC) return undefined;
  if (ubiCrc(buf.subarray(0, HEADER_SIZE - 4)) !== buf.readUInt32BE(HEADER_SIZE - 4)) return undefined;
  const vidOffset = buf.readUInt32BE(16);
  const dataOffset = buf.readUInt32BE(20);
  if (vidOffset < HEADER_SIZE || dataOffset < vidOffset + HEADER_SIZE) return undefined;
  return { vidOffset, dataOffset, imageSeq: buf.readUInt32BE(24) };
}

/** The VID header, 'empty' for an erased (all 0xFF) one, undefined when damaged. */
export function parseVidHeader(buf: Buffer): VidHeader | 'empty' | undefined {
  if (buf.length < HEADER_SIZE) return undefined;
  if (buf.readUInt32BE(0) === 0xffffffff) return 'empty';
  if (buf.readUInt32BE(0) !== VID_MAGIC || ubiCrc(buf.subarray(0, HEADER_SIZE - 4)) !== buf.readUInt32BE(HEADER_SIZE - 4)) return undefined;
  return {
    volType: buf[5] ?? 0,
    copyFlag: (buf[6] ?? 0) !== 0,
    volId: buf.readUInt32BE(8),
    lnum: buf.readUInt32BE(12),
    dataSize: buf.readUInt32BE(20),
    usedEbs: buf.readUInt32BE(24),
    dataPad: buf.readUInt32BE(28),
    dataCrc: buf.readUInt32BE(32),
    sqnum: buf.readBigUInt64BE(40),
  };
}

/** Volumes of the layout volume's table: records in use with a good CRC. */
export function parseVolumeTable(leb: Buffer): { volumes: VolumeRecord[]; bad: number } {
  const volumes: VolumeRecord[] = [];
  let bad = 0;
  const count = Math.min(MAX_VOLUMES, Math.floor(leb.length / VTBL_RECORD_SIZE));
  for (let id = 0; id < count; id++) {
    const rec = leb.subarray(id * VTBL_RECORD_SIZE, (id + 1) * VTBL_RECORD_SIZE);
    if (ubiCrc(rec.subarray(0, VTBL_RECORD_SIZE - 4)) !== rec.readUInt32BE(VTBL_RECORD_SIZE - 4)) {
      bad++;
      continue;
    }
    const reservedPebs = rec.readUInt32BE(0);
    if (reservedPebs === 0) continue;
    const nameLength = Math.min(rec.readUInt16BE(14), 127);
    volumes.push({ id, name: rec.toString('utf8', 16, 16 + nameLength), type: rec[12] ?? 0, dataPad: rec.readUInt32BE(8), reservedPebs });
  }
  return { volumes, bad };
}
