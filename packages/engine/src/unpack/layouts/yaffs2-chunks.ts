// YAFFS2 on NAND: each chunk is a data area (an object header or file data) and a
// spare area holding the packed tags (sequence number of the erase block, object
// id, chunk id, byte count). There is no superblock: the chunk/spare geometry,
// the tags' place in the spare and the byte order are found by probing.
import type { Reader } from '../../util/reader.ts';

export const OBJECT_HEADER_SIZE = 512;
const TAGS_SIZE = 16;
const LOWEST_SEQUENCE = 0x00001000;
const HIGHEST_SEQUENCE = 0xefffff00;
const MAX_OBJECT_ID = 0x3ffff;
const MAX_CHUNK_ID = 0x000fffff;
const EXTRA_HEADER_INFO = 0x80000000;
const OBJECT_ID_MASK = 0x0fffffff;
const EXTRA_TYPE_SHIFT = 28;
const MAX_TYPE = 5;
const NAME_OFFSET = 10;
const NAME_SIZE = 256;
const ALIAS_OFFSET = 300;
const ALIAS_SIZE = 160;
/** Chunks checked when probing a geometry. */
const PROBE_CHUNKS = 4;

/** Common NAND page/spare pairs; 512/16 holds the 16-byte tags without their ECC. */
const GEOMETRIES: readonly [number, number][] = [
  [2048, 64],
  [512, 16],
  [4096, 128],
  [4096, 224],
  [8192, 256],
  [8192, 448],
  [16384, 1280],
];

export interface Geometry {
  chunk: number;
  spare: number;
  /** Offset of the tags in the spare: 0 (mkyaffs2image) or 2 (after the bad-block marker). */
  tagsOffset: number;
  littleEndian: boolean;
}

export interface Tags {
  sequence: number;
  objectId: number;
  /** 0 for an object header, n for the n-th data chunk. */
  chunkId: number;
  bytes: number;
}

export interface ObjectHeader {
  type: number;
  parent: number;
  name: string;
  mode: number;
  size: number;
  equivalentId: number;
  alias: string;
}

const u32 = (buf: Buffer, at: number, le: boolean): number => (le ? buf.readUInt32LE(at) : buf.readUInt32BE(at));

/** The tags, 'erased' for an unwritten chunk, undefined when they cannot be YAFFS2 tags. */
export function parseTags(spare: Buffer, geometry: Geometry): Tags | 'erased' | undefined {
  const at = geometry.tagsOffset;
  if (spare.length < at + TAGS_SIZE) return undefined;
  const le = geometry.littleEndian;
  const sequence = u32(spare, at, le);
  let objectId = u32(spare, at + 4, le);
  let chunkId = u32(spare, at + 8, le);
  let bytes = u32(spare, at + 12, le);
  if (sequence === 0xffffffff && objectId === 0xffffffff && chunkId === 0xffffffff) return 'erased';
  if (sequence < LOWEST_SEQUENCE || sequence > HIGHEST_SEQUENCE) return undefined;
  if (chunkId & EXTRA_HEADER_INFO) {
    // A kernel-written header: parent id, flags and type ride in the tags; the header chunk says the same.
    if (objectId >>> EXTRA_TYPE_SHIFT > MAX_TYPE) return undefined;
    objectId &= OBJECT_ID_MASK;
    chunkId = 0;
    bytes = 0;
  }
  if (objectId === 0 || objectId > MAX_OBJECT_ID || chunkId > MAX_CHUNK_ID) return undefined;
  if (chunkId > 0 && bytes > geometry.chunk) return undefined;
  return { sequence, objectId, chunkId, bytes };
}

function cString(buf: Buffer, at: number, size: number): string | undefined {
  const field = buf.subarray(at, at + size);
  const end = field.indexOf(0);
  return end === -1 ? undefined : field.toString('utf8', 0, end);
}

export function parseObjectHeader(data: Buffer, le: boolean): ObjectHeader | undefined {
  if (data.length < OBJECT_HEADER_SIZE) return undefined;
  const type = u32(data, 0, le);
  const parent = u32(data, 4, le);
  const name = cString(data, NAME_OFFSET, NAME_SIZE);
  if (type < 1 || type > MAX_TYPE || parent === 0 || parent > MAX_OBJECT_ID || name === undefined) return undefined;
  const high = u32(data, 496, le);
  // Images made before 64-bit sizes leave the high word erased.
  const size = u32(data, 292, le) + (high === 0xffffffff ? 0 : high * 2 ** 32);
  return { type, parent, name, mode: u32(data, 268, le), size, equivalentId: u32(data, 296, le), alias: cString(data, ALIAS_OFFSET, ALIAS_SIZE) ?? '' };
}

/**
 * The geometry under which the first chunks read as YAFFS2: chunk 0 an object
 * header with valid tags, the next few valid or erased. Images that are a whole
 * number of chunks are preferred.
 */
export async function probeGeometry(reader: Reader, start: number, end: number): Promise<Geometry | undefined> {
  const first = await reader.read(start, OBJECT_HEADER_SIZE);
  for (const wholeChunks of [true, false]) {
    for (const [chunk, spare] of GEOMETRIES) {
      const stride = chunk + spare;
      if (end - start < stride || ((end - start) % stride === 0) !== wholeChunks) continue;
      for (const littleEndian of [true, false]) {
        if (!parseObjectHeader(first, littleEndian)) continue;
        for (const tagsOffset of [0, 2]) {
          const geometry = { chunk, spare, tagsOffset, littleEndian };
          if (await chunksLookValid(reader, start, end, geometry)) return geometry;
        }
      }
    }
  }
  return undefined;
}

async function chunksLookValid(reader: Reader, start: number, end: number, geometry: Geometry): Promise<boolean> {
  const stride = geometry.chunk + geometry.spare;
  for (let i = 0; i < PROBE_CHUNKS && start + (i + 1) * stride <= end; i++) {
    const tags = parseTags(await reader.read(start + i * stride + geometry.chunk, geometry.spare), geometry);
    if (tags === undefined || (i === 0 && (tags === 'erased' || tags.chunkId !== 0))) return false;
    if (tags !== 'erased' && tags.chunkId === 0 && !parseObjectHeader(await reader.read(start + i * stride, OBJECT_HEADER_SIZE), geometry.littleEndian)) return false;
  }
  return true;
}
