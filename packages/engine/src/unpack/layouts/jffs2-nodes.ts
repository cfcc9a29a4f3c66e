// JFFS2 node layouts (linux include/uapi/linux/jffs2.h), either endian: every
// node starts with magic 0x1985, a node type, its total length and a CRC of those
// 8 bytes, 4-byte aligned; erased flash (0xFF) sits between them. We scan the
// image for nodes whose header CRC holds and keep their metadata (not their data).
import { crc32 as zlibCrc32 } from 'node:zlib';
import { WindowedReader, type Reader } from '../../util/reader.ts';

export const JFFS2_MAGIC = 0x1985;
export const NODE_DIRENT = 0xe001;
export const NODE_INODE = 0xe002;
const HEADER = 12;
const DIRENT_HEADER = 40;
export const INODE_HEADER = 68;
/** Largest node we accept: an inode holds at most one page (4 KiB, up to 64 KiB) compressed. */
const MAX_NODE = 1024 * 1024;

export interface DirentNode {
  pino: number;
  version: number;
  /** 0 when the name was unlinked. */
  ino: number;
  type: number;
  name: string;
}

export interface InodeNode {
  ino: number;
  version: number;
  mode: number;
  isize: number;
  offset: number;
  csize: number;
  dsize: number;
  compr: number;
  /** Where the (compressed) data starts in the image. */
  data: number;
}

export interface ScanResult {
  dirents: DirentNode[];
  inodes: InodeNode[];
  /** Nodes whose header held but whose body did not (bad node CRC, cut short). */
  bad: number;
}

/** Endianness from the first node header: true little, false big, undefined none. */
export function detectEndian(head: Buffer): boolean | undefined {
  if (head.length < HEADER) return undefined;
  for (const le of [true, false]) {
    const magic = le ? head.readUInt16LE(0) : head.readUInt16BE(0);
    if (magic === JFFS2_MAGIC && headerCrcOk(head, le)) return le;
  }
  return undefined;
}

/** Every node of [start, end), walking 4 bytes at a time through erased or unknown space. */
export async function scanNodes(reader: Reader, start: number, end: number, le: boolean, signal: AbortSignal): Promise<ScanResult> {
  const window = new WindowedReader(reader);
  const out: ScanResult = { dirents: [], inodes: [], bad: 0 };
  const u16 = (b: Buffer, o: number): number => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number): number => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  let pos = start;
  let steps = 0;
  while (pos + HEADER <= end) {
    if (++steps % 65536 === 0) signal.throwIfAborted();
    const header = await window.read(pos, HEADER);
    if (header.length < HEADER) break;
    const totlen = u32(header, 4);
    if (u16(header, 0) !== JFFS2_MAGIC || !headerCrcOk(header, le) || totlen < HEADER || totlen > MAX_NODE) {
      pos += 4;
      continue;
    }
    if (pos + totlen > end) {
      out.bad++;
      break;
    }
    const type = u16(header, 2);
    if (type === NODE_DIRENT || type === NODE_INODE) {
      const node = await window.read(pos, type === NODE_DIRENT ? Math.min(totlen, DIRENT_HEADER + 255) : INODE_HEADER);
      const parsed = type === NODE_DIRENT ? parseDirent(node, totlen, u32) : parseInode(node, pos, totlen, u32);
      if (parsed === undefined) out.bad++;
      else if ('pino' in parsed) out.dirents.push(parsed);
      else out.inodes.push(parsed);
    }
    pos += (totlen + 3) & ~3;
  }
  return out;
}

type U32 = (b: Buffer, o: number) => number;

// Dirent after the header: pino, version, ino, mctime, nsize u8, type u8, 2 unused,
// node_crc (of bytes 0-31), name_crc, then the name.
function parseDirent(node: Buffer, totlen: number, u32: U32): DirentNode | undefined {
  if (node.length < DIRENT_HEADER || crc32(node.subarray(0, 32)) !== u32(node, 32)) return undefined;
  const nsize = node[28] ?? 0;
  if (DIRENT_HEADER + nsize > totlen || DIRENT_HEADER + nsize > node.length) return undefined;
  const name = node.subarray(DIRENT_HEADER, DIRENT_HEADER + nsize);
  if (crc32(name) !== u32(node, 36)) return undefined;
  return { pino: u32(node, 12), version: u32(node, 16), ino: u32(node, 20), type: node[29] ?? 0, name: name.toString('utf8') };
}

// Inode after the header: ino, version, mode, uid u16, gid u16, isize, atime, mtime,
// ctime, offset, csize, dsize, compr u8, usercompr u8, flags u16, data_crc,
// node_crc (of bytes 0-59), then csize bytes of data.
function parseInode(node: Buffer, pos: number, totlen: number, u32: U32): InodeNode | undefined {
  if (node.length < INODE_HEADER || crc32(node.subarray(0, 60)) !== u32(node, 64)) return undefined;
  const csize = u32(node, 48);
  if (INODE_HEADER + csize > totlen) return undefined;
  return {
    ino: u32(node, 12),
    version: u32(node, 16),
    mode: u32(node, 20),
    isize: u32(node, 28),
    offset: u32(node, 44),
    csize,
    dsize: u32(node, 52),
    compr: node[56] ?? 0,
    data: pos + INODE_HEADER,
  };
}

function headerCrcOk(header: Buffer, le: boolean): boolean {
  const stored = le ? header.readUInt32LE(8) : header.readUInt32BE(8);
  return crc32(header.subarray(0, 8)) === stored;
}

/**
 * JFFS2's CRC: the kernel's crc32_le seeded with 0 and not inverted. zlib's crc32
 * inverts on the way in and out, so seeding it with ~0 and inverting gives ours.
 */
export function crc32(data: Buffer): number {
  return ~zlibCrc32(data, 0xffffffff) >>> 0;
}
