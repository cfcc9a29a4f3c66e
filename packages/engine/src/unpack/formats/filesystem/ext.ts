// ext2, ext3 and ext4 images, read by our own walker: superblock, group
// descriptors, inodes, extent trees and block maps, linear directories (htree
// directories read linearly too: their index blocks look like empty entries).
// Regular files and symlinks come out; device nodes, FIFOs and sockets are
// skipped; a second name of an inode becomes a hard link to the first. A bad
// file or directory is a located problem and the walk goes on.
import { extractMemberOrWarn } from '../../member-problems.ts';
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import {
  ExtFs,
  INLINE_DATA_FL,
  EXTENTS_FL,
  ROOT_INODE,
  S_IFDIR,
  S_IFLNK,
  S_IFMT,
  S_IFREG,
  SUPERBLOCK_OFFSET,
  parseSuperblock,
  unsupportedFeature,
  type Inode,
} from '../../layouts/ext-superblock.ts';
import { inodeStream, mapInode } from '../../layouts/ext-blocks.ts';

/** Deeper trees are a loop or an attack. */
const MAX_DEPTH = 64;
/** A directory larger than this is not walked (real ones are far smaller). */
const MAX_DIR_BYTES = 64 * 1024 * 1024;

export const ext: Unpacker = {
  name: 'filesystem/ext',
  version: 1,
  async identify(_head, reader) {
    const sb = parseSuperblock(await reader.read(SUPERBLOCK_OFFSET, 1024));
    if (typeof sb === 'string') return null;
    // The image may be cut short; extraction reports what is missing.
    return { start: 0, end: Math.min(reader.size, sb.blocksCount * sb.blockSize) };
  },
  extract,
};

interface Walk {
  ctx: ExtractContext;
  fs: ExtFs;
  /** Inode → first path it was extracted under (for hard links). */
  seen: Map<number, string>;
  dirsVisited: Set<number>;
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk } = ctx;
  const sb = parseSuperblock(await reader.read(chunk.start + SUPERBLOCK_OFFSET, 1024));
  if (typeof sb === 'string') throw new FormatError('malformed', `ext superblock: ${sb}`, ctx.location);
  const unsupported = unsupportedFeature(sb);
  if (unsupported) throw new FormatError('unsupported', `ext filesystem uses ${unsupported}`, ctx.location);
  const expected = sb.blocksCount * sb.blockSize;
  if (chunk.end - chunk.start < expected) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'truncated', message: `ext image has ${chunk.end - chunk.start} of its ${expected} bytes` });
  }
  const fs = new ExtFs(reader, chunk.start, chunk.end, sb);
  const walk: Walk = { ctx, fs, seen: new Map(), dirsVisited: new Set() };
  await located(walkDirectory(walk, ROOT_INODE, '', 0), ctx.location);
}

async function walkDirectory(walk: Walk, ino: number, prefix: string, depth: number): Promise<void> {
  const { ctx, fs } = walk;
  if (depth > MAX_DEPTH || walk.dirsVisited.has(ino)) {
    ctx.report({ level: 'warning', location: memberLocation(ctx.location, prefix || '.'), code: 'malformed', message: `directory inode ${ino} loops or nests too deep` });
    return;
  }
  walk.dirsVisited.add(ino);
  const inode = await fs.inode(ino);
  if ((inode.mode & S_IFMT) !== S_IFDIR) throw new FormatError('malformed', `inode ${ino} is not a directory`, memberLocation(ctx.location, prefix || '.'));
  if (inode.size > MAX_DIR_BYTES) throw new FormatError('malformed', `directory of ${inode.size} bytes`, memberLocation(ctx.location, prefix || '.'));
  const entries = await readDirectory(fs, inode);
  for (const entry of entries) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const path = prefix + entry.name;
    await extractMemberOrWarn(ctx, path, () => extractEntry(walk, entry.ino, path, depth));
  }
}

async function extractEntry(walk: Walk, ino: number, path: string, depth: number): Promise<void> {
  const { ctx, fs } = walk;
  const where = memberLocation(ctx.location, path);
  const inode = await fs.inode(ino);
  const type = inode.mode & S_IFMT;
  if (type === S_IFDIR) return walkDirectory(walk, ino, `${path}/`, depth + 1);
  if (type !== S_IFREG && type !== S_IFLNK) return; // devices, FIFOs, sockets hold no bytes
  const first = walk.seen.get(ino);
  if (first !== undefined) {
    ctx.sink.link(path, first, 'hardlink');
    return;
  }
  walk.seen.set(ino, path);
  if (type === S_IFLNK) {
    ctx.sink.link(path, await symlinkTarget(fs, inode, where), 'symlink');
    return;
  }
  if (inode.flags & INLINE_DATA_FL) {
    if (inode.size > 60) throw new FormatError('unsupported', `inline data of ${inode.size} bytes (beyond i_block)`, where);
    const data = Buffer.from(inode.block.subarray(0, inode.size));
    await ctx.sink.file(path, () => Readable.from([data]), {}, ctx.signal);
    return;
  }
  const runs = await located(mapInode(fs, inode), where);
  await ctx.sink.file(path, () => inodeStream(fs, runs, inode.size), {}, ctx.signal);
}

async function symlinkTarget(fs: ExtFs, inode: Inode, where: string[]): Promise<string> {
  if (inode.size > 4096) throw new FormatError('malformed', `symlink target of ${inode.size} bytes`, where);
  // A fast symlink keeps its target in i_block itself (under 60 bytes, no extents).
  if (inode.size < 60 && !(inode.flags & (EXTENTS_FL | INLINE_DATA_FL))) return inode.block.toString('utf8', 0, inode.size);
  if (inode.flags & INLINE_DATA_FL) return inode.block.toString('utf8', 0, Math.min(60, inode.size));
  const runs = await located(mapInode(fs, inode), where);
  const parts: Buffer[] = [];
  for await (const part of inodeStream(fs, runs, inode.size)) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

interface DirEntry {
  ino: number;
  name: string;
}

/** Entries of a directory but `.` and `..`, block by block; a bad record ends that block. */
async function readDirectory(fs: ExtFs, inode: Inode): Promise<DirEntry[]> {
  const out: DirEntry[] = [];
  if (inode.flags & INLINE_DATA_FL) return out; // inline directories: not read (mkfs does not make them)
  const runs = await mapInode(fs, inode);
  const { blockSize } = fs.sb;
  for await (const part of inodeStream(fs, runs, inode.size)) {
    const data = part as Buffer;
    for (let blockStart = 0; blockStart < data.length; blockStart += blockSize) {
      const block = data.subarray(blockStart, blockStart + blockSize);
      let pos = 0;
      while (pos + 8 <= block.length) {
        const ino = block.readUInt32LE(pos);
        const recLen = block.readUInt16LE(pos + 4);
        const nameLen = fs.sb.fileType ? (block[pos + 6] ?? 0) : block.readUInt16LE(pos + 6);
        if (recLen < 8 || pos + recLen > block.length || 8 + nameLen > recLen) break;
        const name = block.toString('utf8', pos + 8, pos + 8 + nameLen);
        if (ino !== 0 && name !== '.' && name !== '..' && name !== '' && !name.includes('/')) out.push({ ino, name });
        pos += recLen;
      }
    }
  }
  return out;
}

/** A FormatError from the block mapper, located at the member. */
async function located<T>(work: Promise<T>, where: string[]): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof FormatError && err.location === undefined) throw new FormatError(err.code, err.message, where);
    throw err;
  }
}
