// UBIFS volumes (a UBI volume emitted by filesystem/ubi, or a bare mkfs.ubifs
// image): superblock in LEB 0, the newest master node of LEB 1 (or its copy in
// LEB 2) points at the index root; the index B-tree is walked down to its leaves
// (inode, directory entry and data nodes), and the tree is rebuilt from the root
// inode. Data blocks are 4 KiB, stored raw or LZO/zlib (raw deflate)/zstd
// compressed; missing blocks are holes. Symlinks and hard links are recorded,
// devices, FIFOs and sockets skipped. Journal nodes not yet committed to the
// index (a dump of a mounted filesystem) are not replayed.
import { extractMemberOrWarn } from '../../member-problems.ts';
import { Readable } from 'node:stream';
import { inflateRawSync, zstdDecompressSync } from 'node:zlib';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { lzo1xDecompress } from '../../codecs/lzo1x.ts';
import {
  BLOCK_SIZE,
  DATA_NODE,
  DENT_NODE,
  IDX_NODE,
  INO_NODE,
  KEY_DATA,
  KEY_DENT,
  KEY_INO,
  MAX_NODE,
  checkNode,
  parseData,
  parseDent,
  parseIndex,
  parseInode,
  parseMaster,
  parseSuperblock,
  readNode,
  type Branch,
  type DentNode,
  type InodeNode,
  type Master,
  type Superblock,
} from '../../layouts/ubifs-nodes.ts';

const SB_READ = 4096;
const MASTER_LEBS = [1, 2];
const ROOT_INUM = 1;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const COMPR_NONE = 0;
const COMPR_LZO = 1;
const COMPR_ZLIB = 2;
const COMPR_ZSTD = 3;
/** The index of a 32 GiB volume with 4 KiB blocks has ~8 M leaves; bound the walk well above real images. */
const MAX_INDEX_NODES = 1 << 22;
const MAX_LEVEL = 64;
const MAX_DEPTH = 64;
const NODE_ALIGN = 8;

interface Location {
  lnum: number;
  offs: number;
  len: number;
}

interface Tree {
  inodes: Map<number, InodeNode>;
  children: Map<number, DentNode[]>;
  data: Map<number, Map<number, Location>>;
}

interface Walk {
  ctx: ExtractContext;
  sb: Superblock;
  tree: Tree;
  seen: Map<number, string>;
  dirs: Set<number>;
}

export const ubifs: Unpacker = {
  name: 'filesystem/ubifs',
  version: 1,
  // A UBIFS superblock also passes the loose .lzma header check: be asked first.
  specialises: 'compress/lzma',
  magic: [{ offset: 0, bytes: Buffer.from([0x31, 0x18, 0x10, 0x06]) }],
  async identify(head, reader) {
    if (head.length < 24 || head.readUInt32LE(0) !== 0x06101831 || head[20] !== 6) return null;
    // The superblock's LEB count bounds the filesystem: what follows is carved.
    const sb = parseSuperblock(await reader.read(0, SB_READ));
    return sb ? { start: 0, end: Math.min(reader.size, sb.lebSize * sb.lebCount) } : null;
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const sb = parseSuperblock(await ctx.reader.read(ctx.chunk.start, SB_READ));
  if (!sb) throw new FormatError('malformed', 'UBIFS superblock', ctx.location);
  if (sb.keyFormat !== 0) throw new FormatError('unsupported', `UBIFS key format ${sb.keyFormat}`, ctx.location);
  const master = await newestMaster(ctx, sb);
  if (!master) throw new FormatError('corrupt', 'no intact UBIFS master node in LEB 1 or 2', ctx.location);
  const tree = await walkIndex(ctx, sb, master);
  const walk: Walk = { ctx, sb, tree, seen: new Map(), dirs: new Set() };
  await walkDir(walk, ROOT_INUM, '', 0);
}

function position(ctx: ExtractContext, sb: Superblock, at: Location): number | undefined {
  if (at.lnum >= sb.lebCount || at.offs + at.len > sb.lebSize || at.len > MAX_NODE) return undefined;
  const pos = ctx.chunk.start + at.lnum * sb.lebSize + at.offs;
  return pos + at.len <= ctx.chunk.end ? pos : undefined;
}

/** Master nodes are appended to LEB 1 (mirrored in LEB 2): the newest intact one is current. */
async function newestMaster(ctx: ExtractContext, sb: Superblock): Promise<Master | undefined> {
  for (const lnum of MASTER_LEBS) {
    const left = ctx.chunk.end - ctx.chunk.start - lnum * sb.lebSize;
    if (left <= 0) break;
    const leb = await ctx.reader.read(ctx.chunk.start + lnum * sb.lebSize, Math.min(sb.lebSize, left));
    let best: Master | undefined;
    for (let at = 0; at + 24 <= leb.length; ) {
      const node = checkNode(leb.subarray(at));
      if (!node) {
        at += NODE_ALIGN;
        continue;
      }
      const master = parseMaster(leb.subarray(at, at + node.len));
      if (master && (!best || master.sqnum > best.sqnum)) best = master;
      at += Math.ceil(node.len / NODE_ALIGN) * NODE_ALIGN;
    }
    if (best) return best;
  }
  return undefined;
}

/** Every leaf the index reaches: inodes and entries parsed, data nodes located. */
async function walkIndex(ctx: ExtractContext, sb: Superblock, master: Master): Promise<Tree> {
  const tree: Tree = { inodes: new Map(), children: new Map(), data: new Map() };
  const stack: { at: Location; level: number }[] = [{ at: { lnum: master.rootLnum, offs: master.rootOffs, len: master.rootLen }, level: -1 }];
  const visited = new Set<string>();
  let bad = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    ctx.signal.throwIfAborted();
    const key = `${item.at.lnum}:${item.at.offs}`;
    if (visited.has(key) || visited.size >= MAX_INDEX_NODES) continue;
    visited.add(key);
    const pos = position(ctx, sb, item.at);
    const node = pos === undefined ? undefined : await readNode(ctx.reader, pos, IDX_NODE, item.at.len);
    const index = node && parseIndex(node);
    if (!index || index.level > MAX_LEVEL || (item.level >= 0 && index.level !== item.level)) {
      bad++;
      continue;
    }
    for (const branch of index.branches) {
      if (index.level > 0) stack.push({ at: branch, level: index.level - 1 });
      else if (!(await addLeaf(ctx, sb, tree, branch))) bad++;
    }
  }
  if (bad > 0) ctx.report({ level: 'warning', location: ctx.location, code: 'corrupt', message: `${bad} UBIFS index entries point at missing or damaged nodes` });
  return tree;
}

async function addLeaf(ctx: ExtractContext, sb: Superblock, tree: Tree, branch: Branch): Promise<boolean> {
  if (branch.keyType === KEY_DATA) {
    const blocks = tree.data.get(branch.inum) ?? new Map<number, Location>();
    tree.data.set(branch.inum, blocks);
    blocks.set(branch.keyValue, branch);
    return true;
  }
  if (branch.keyType !== KEY_INO && branch.keyType !== KEY_DENT) return true; // extended attributes
  const pos = position(ctx, sb, branch);
  if (pos === undefined) return false;
  if (branch.keyType === KEY_INO) {
    const node = await readNode(ctx.reader, pos, INO_NODE, branch.len);
    const inode = node && parseInode(node);
    if (inode) tree.inodes.set(inode.inum, inode);
    return inode !== undefined;
  }
  const node = await readNode(ctx.reader, pos, DENT_NODE, branch.len);
  const dent = node && parseDent(node);
  if (!dent) return false;
  if (dent.name === '' || dent.name === '.' || dent.name === '..' || dent.name.includes('/') || dent.inum === 0) return true;
  const list = tree.children.get(dent.parent) ?? [];
  list.push(dent);
  tree.children.set(dent.parent, list);
  return true;
}

async function walkDir(walk: Walk, inum: number, prefix: string, depth: number): Promise<void> {
  const { ctx } = walk;
  if (depth > MAX_DEPTH || walk.dirs.has(inum)) {
    ctx.report({ level: 'warning', location: memberLocation(ctx.location, prefix || '.'), code: 'malformed', message: `directory inode ${inum} loops or nests too deep` });
    return;
  }
  walk.dirs.add(inum);
  const entries = [...(walk.tree.children.get(inum) ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const path = prefix + entry.name;
    await extractMemberOrWarn(ctx, path, () => extractEntry(walk, entry, path, depth));
  }
}

async function extractEntry(walk: Walk, entry: DentNode, path: string, depth: number): Promise<void> {
  const { ctx } = walk;
  const inode = walk.tree.inodes.get(entry.inum);
  if (!inode) throw new FormatError('corrupt', `inode ${entry.inum} is not in the index`);
  const type = inode.mode & S_IFMT;
  if (type === S_IFDIR) return walkDir(walk, entry.inum, `${path}/`, depth + 1);
  if (type !== S_IFREG && type !== S_IFLNK) return; // devices, FIFOs, sockets
  const first = walk.seen.get(entry.inum);
  if (first !== undefined) {
    ctx.sink.link(path, first, 'hardlink');
    return;
  }
  walk.seen.set(entry.inum, path);
  if (type === S_IFLNK) {
    ctx.sink.link(path, inode.data.toString('utf8', 0, Math.min(inode.data.length, 4096)), 'symlink');
    return;
  }
  const limit = ctx.sink.budget.fileBytes;
  if (inode.size > BigInt(limit)) throw new FormatError('limit-exceeded', `file of ${inode.size} bytes is over the ${limit}-byte file limit`);
  const blocks = walk.tree.data.get(entry.inum) ?? new Map<number, Location>();
  const open = (): Readable => Readable.from(fileBytes(walk, Number(inode.size), blocks), { objectMode: false });
  await ctx.sink.file(path, open, {}, ctx.signal);
}

/** The file block by block: each data node decoded, blocks without one are holes. */
async function* fileBytes(walk: Walk, size: number, blocks: Map<number, Location>): AsyncGenerator<Buffer> {
  const { ctx, sb } = walk;
  const zeros = Buffer.alloc(BLOCK_SIZE);
  for (let block = 0; block * BLOCK_SIZE < size; block++) {
    const length = Math.min(BLOCK_SIZE, size - block * BLOCK_SIZE);
    const at = blocks.get(block);
    if (!at) {
      yield zeros.subarray(0, length);
      continue;
    }
    const pos = position(ctx, sb, at);
    const node = pos === undefined ? undefined : await readNode(ctx.reader, pos, DATA_NODE, at.len);
    const data = node && parseData(node);
    if (!data || data.block !== block) throw new FormatError('corrupt', `data node of block ${block} is missing or damaged`);
    const decoded = decompress(data.compression, data.data, data.size, block);
    yield decoded.length >= length ? decoded.subarray(0, length) : Buffer.concat([decoded, zeros.subarray(0, length - decoded.length)]);
  }
}

function decompress(compression: number, raw: Buffer, size: number, block: number): Buffer {
  if (size > BLOCK_SIZE) throw new FormatError('corrupt', `data node of block ${block} claims ${size} bytes`);
  let out: Buffer;
  try {
    if (compression === COMPR_NONE) out = raw;
    else if (compression === COMPR_LZO) out = lzo1xDecompress(raw, size);
    else if (compression === COMPR_ZLIB) out = inflateRawSync(raw, { maxOutputLength: BLOCK_SIZE });
    else if (compression === COMPR_ZSTD) out = zstdDecompressSync(raw, { maxOutputLength: BLOCK_SIZE });
    else throw new FormatError('unsupported', `compressor ${compression} of block ${block}`);
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError('corrupt', `block ${block}: ${(err as Error).message}`);
  }
  if (out.length !== size) throw new FormatError('corrupt', `block ${block} decodes to ${out.length} bytes, ${size} expected`);
  return out;
}
