// UBIFS on-flash nodes (little endian): every node starts with a 24-byte common
// header (magic, CRC of the rest, sequence number, length, type). Offsets below
// follow the kernel's ubifs-media.h structures.
import type { Reader } from '../../util/reader.ts';
import { ubiCrc } from './ubi-headers.ts';

export const NODE_MAGIC = 0x06101831;
export const COMMON_HEADER = 24;
export const INO_NODE = 0;
export const DATA_NODE = 1;
export const DENT_NODE = 2;
export const SB_NODE = 6;
export const MST_NODE = 7;
export const IDX_NODE = 9;
export const KEY_INO = 0;
export const KEY_DATA = 1;
export const KEY_DENT = 2;
export const BLOCK_SIZE = 4096;
const SB_NODE_SIZE = 4096;
const MST_NODE_SIZE = 512;
const INO_NODE_SIZE = 160;
const DENT_NODE_SIZE = 56;
const DATA_NODE_SIZE = 48;
const IDX_NODE_SIZE = 28;
/** lnum, offs, len, then the 8-byte simple key (authenticated images add a hash). */
const MIN_BRANCH = 20;
/** The largest legitimate node: an index node of a wide fanout stays well below. */
export const MAX_NODE = 64 * 1024;

export interface Superblock {
  lebSize: number;
  lebCount: number;
  keyFormat: number;
}

export interface Master {
  sqnum: bigint;
  rootLnum: number;
  rootOffs: number;
  rootLen: number;
}

export interface Branch {
  lnum: number;
  offs: number;
  len: number;
  inum: number;
  keyType: number;
  /** Block number for data keys, name hash for entries. */
  keyValue: number;
}

export interface IndexNode {
  level: number;
  branches: Branch[];
}

export interface InodeNode {
  inum: number;
  size: bigint;
  nlink: number;
  mode: number;
  data: Buffer;
}

export interface DentNode {
  parent: number;
  inum: number;
  name: string;
}

export interface DataNode {
  block: number;
  size: number;
  compression: number;
  data: Buffer;
}

/** A whole node at the start of `buf` when its magic, length and CRC hold. */
export function checkNode(buf: Buffer): { type: number; len: number; sqnum: bigint } | undefined {
  if (buf.length < COMMON_HEADER || buf.readUInt32LE(0) !== NODE_MAGIC) return undefined;
  const len = buf.readUInt32LE(16);
  if (len < COMMON_HEADER || len > MAX_NODE || len > buf.length) return undefined;
  if (ubiCrc(buf.subarray(8, len)) !== buf.readUInt32LE(4)) return undefined;
  return { type: buf[20] ?? 0xff, len, sqnum: buf.readBigUInt64LE(8) };
}

/** The node at `pos` of the volume, of type `type`, or undefined when absent or damaged. */
export async function readNode(reader: Reader, pos: number, type: number, len?: number): Promise<Buffer | undefined> {
  const length = len ?? (await reader.read(pos, COMMON_HEADER)).readUInt32LE(16);
  if (length < COMMON_HEADER || length > MAX_NODE) return undefined;
  const buf = await reader.read(pos, length);
  const node = checkNode(buf);
  return node && node.type === type && node.len === length ? buf : undefined;
}

export function parseSuperblock(buf: Buffer): Superblock | undefined {
  const node = checkNode(buf);
  if (!node || node.type !== SB_NODE || node.len < SB_NODE_SIZE) return undefined;
  const lebSize = buf.readUInt32LE(36);
  const lebCount = buf.readUInt32LE(40);
  if (lebSize < 1024 || lebSize > 16 * 1024 * 1024 || lebSize % 8 !== 0 || lebCount < 1) return undefined;
  return { lebSize, lebCount, keyFormat: buf[27] ?? 0 };
}

export function parseMaster(buf: Buffer): Master | undefined {
  const node = checkNode(buf);
  if (!node || node.type !== MST_NODE || node.len < MST_NODE_SIZE) return undefined;
  return { sqnum: node.sqnum, rootLnum: buf.readUInt32LE(48), rootOffs: buf.readUInt32LE(52), rootLen: buf.readUInt32LE(56) };
}

export function parseIndex(buf: Buffer): IndexNode | undefined {
  if (buf.length < IDX_NODE_SIZE) return undefined;
  const count = buf.readUInt16LE(24);
  const level = buf.readUInt16LE(26);
  const stride = count === 0 ? 0 : (buf.length - IDX_NODE_SIZE) / count;
  if (count === 0 || !Number.isInteger(stride) || stride < MIN_BRANCH) return undefined;
  const branches: Branch[] = [];
  for (let i = 0; i < count; i++) {
    const at = IDX_NODE_SIZE + i * stride;
    const keyWord = buf.readUInt32LE(at + 16);
    branches.push({
      lnum: buf.readUInt32LE(at),
      offs: buf.readUInt32LE(at + 4),
      len: buf.readUInt32LE(at + 8),
      inum: buf.readUInt32LE(at + 12),
      keyType: keyWord >>> 29,
      keyValue: keyWord & 0x1fffffff,
    });
  }
  return { level, branches };
}

export function parseInode(buf: Buffer): InodeNode | undefined {
  if (buf.length < INO_NODE_SIZE) return undefined;
  const dataLength = buf.readUInt32LE(112);
  if (INO_NODE_SIZE + dataLength > buf.length) return undefined;
  return {
    inum: buf.readUInt32LE(24),
    size: buf.readBigUInt64LE(48),
    nlink: buf.readUInt32LE(92),
    mode: buf.readUInt32LE(104),
    data: buf.subarray(INO_NODE_SIZE, INO_NODE_SIZE + dataLength),
  };
}

export function parseDent(buf: Buffer): DentNode | undefined {
  if (buf.length < DENT_NODE_SIZE) return undefined;
  const nameLength = buf.readUInt16LE(50);
  if (DENT_NODE_SIZE + nameLength > buf.length) return undefined;
  const inum = buf.readBigUInt64LE(40);
  if (inum > 0xffffffffn) return undefined;
  return { parent: buf.readUInt32LE(24), inum: Number(inum), name: buf.toString('utf8', DENT_NODE_SIZE, DENT_NODE_SIZE + nameLength) };
}

export function parseData(buf: Buffer): DataNode | undefined {
  if (buf.length < DATA_NODE_SIZE) return undefined;
  return {
    block: buf.readUInt32LE(28) & 0x1fffffff,
    size: buf.readUInt32LE(40),
    compression: buf.readUInt16LE(44),
    data: buf.subarray(DATA_NODE_SIZE),
  };
}
