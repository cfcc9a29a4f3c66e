// Flattened device tree (devicetree spec v0.4 §5): a 40-byte big-endian header
// (magic 0xd00dfeed, totalsize, off_dt_struct, off_dt_strings, ..., size_dt_strings,
// size_dt_struct), a structure block of 4-byte-aligned tokens and a strings block.
// The walk reads tokens through a window and never reads a property's value unless
// asked, so a FIT image whose kernel sits inline costs a few small reads.
import type { Reader } from '../../util/reader.ts';
import { WindowedReader } from '../../util/reader.ts';

export const FDT_MAGIC = 0xd00dfeed;
const BEGIN_NODE = 1;
const END_NODE = 2;
const PROP = 3;
const NOP = 4;
const END = 9;
const MAX_TOKENS = 100_000;
const MAX_DEPTH = 32;

export interface FdtHeader {
  totalSize: number;
  structOffset: number;
  stringsOffset: number;
  structSize: number;
  stringsSize: number;
}

export interface FdtProp {
  /** Node path from the root, e.g. `/images/kernel-1`. */
  node: string;
  name: string;
  /** Absolute offset and length of the value in the reader. */
  offset: number;
  length: number;
}

export function parseFdtHeader(head: Buffer, size: number): FdtHeader | null {
  if (head.length < 40 || head.readUInt32BE(0) !== FDT_MAGIC) return null;
  const header = {
    totalSize: head.readUInt32BE(4),
    structOffset: head.readUInt32BE(8),
    stringsOffset: head.readUInt32BE(12),
    structSize: head.readUInt32BE(36),
    stringsSize: head.readUInt32BE(32),
  };
  const version = head.readUInt32BE(20);
  if (version < 16 || header.totalSize < 40 || header.totalSize > size) return null;
  if (header.structOffset + header.structSize > header.totalSize || header.stringsOffset + header.stringsSize > header.totalSize) return null;
  return header;
}

/** Every property of the tree in order; null when the structure block is malformed. */
export async function fdtProps(reader: Reader, header: FdtHeader): Promise<FdtProp[] | null> {
  const window = new WindowedReader(reader, 64 * 1024);
  const strings = await reader.read(header.stringsOffset, Math.min(header.stringsSize, 1024 * 1024));
  const path: string[] = [];
  const props: FdtProp[] = [];
  let pos = header.structOffset;
  const end = header.structOffset + header.structSize;
  for (let tokens = 0; pos + 4 <= end && tokens < MAX_TOKENS; tokens++) {
    const token = (await window.read(pos, 4)).readUInt32BE(0);
    pos += 4;
    if (token === BEGIN_NODE) {
      const bytes = await window.read(pos, 256);
      const nul = bytes.indexOf(0);
      if (nul < 0 || path.length >= MAX_DEPTH) return null;
      path.push(bytes.toString('latin1', 0, nul));
      pos += align(nul + 1);
    } else if (token === END_NODE) {
      if (path.pop() === undefined) return null;
    } else if (token === PROP) {
      const field = await window.read(pos, 8);
      if (field.length < 8) return null;
      const length = field.readUInt32BE(0);
      const nameOffset = field.readUInt32BE(4);
      const nul = strings.indexOf(0, nameOffset);
      if (nul < 0 || pos + 8 + length > end) return null;
      props.push({ node: `/${path.slice(1).join('/')}`, name: strings.toString('latin1', nameOffset, nul), offset: pos + 8, length });
      pos += 8 + align(length);
    } else if (token === END) {
      return path.length === 0 ? props : null;
    } else if (token !== NOP) {
      return null;
    }
  }
  return null;
}

function align(n: number): number {
  return Math.ceil(n / 4) * 4;
}
