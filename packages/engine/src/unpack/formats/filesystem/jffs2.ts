// JFFS2 images (both endians), read by our own walker: every node is found by
// scanning, the newest dirent of each (parent, name) wins (inode 0 = unlinked),
// and each file is assembled from its inode nodes in version order (none, zero,
// zlib and rtime data; other compressors are a located problem). A second name
// of an inode becomes a hard link; devices and FIFOs are skipped.
import { extractMemberOrWarn } from '../../member-problems.ts';
import { Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { detectEndian, scanNodes, type DirentNode, type InodeNode } from '../../layouts/jffs2-nodes.ts';
import { rtimeDecompress } from '../../codecs/rtime.ts';

const ROOT_INO = 1;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const DT_DIR = 4;
const COMPR_NONE = 0x00;
const COMPR_ZERO = 0x01;
const COMPR_RTIME = 0x02;
const COMPR_ZLIB = 0x06;
const COMPR_NAMES: Record<number, string> = { 3: 'rubinmips', 4: 'copy', 5: 'dynrubin', 7: 'lzo', 8: 'lzma' };
/** A page is 4 KiB (at most 64 KiB); more per node is a lie. */
const MAX_DSIZE = 128 * 1024;
/** Files are assembled in memory: larger ones are refused (JFFS2 holds small flash files). */
const MAX_FILE = 64 * 1024 * 1024;
const MAX_DEPTH = 64;

export const jffs2: Unpacker = {
  name: 'filesystem/jffs2',
  version: 1,
  async identify(head, reader) {
    return detectEndian(head) === undefined ? null : { start: 0, end: reader.size };
  },
  extract,
};

interface Walk {
  ctx: ExtractContext;
  children: Map<number, DirentNode[]>;
  inodes: Map<number, InodeNode[]>;
  seen: Map<number, string>;
  dirs: Set<number>;
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, signal } = ctx;
  const le = detectEndian(await reader.read(chunk.start, 12));
  if (le === undefined) throw new FormatError('malformed', 'no JFFS2 node at the start', ctx.location);
  const scan = await scanNodes(reader, chunk.start, chunk.end, le, signal);
  if (scan.bad > 0) ctx.report({ level: 'warning', location: ctx.location, code: 'corrupt', message: `${scan.bad} JFFS2 nodes with bad CRCs or cut short were skipped` });
  const walk: Walk = { ctx, children: latestDirents(scan.dirents), inodes: byInode(scan.inodes), seen: new Map(), dirs: new Set() };
  await walkDir(walk, ROOT_INO, '', 0);
}

/** Per parent, the live names: the newest dirent of each (parent, name), unlinks dropped. */
function latestDirents(dirents: DirentNode[]): Map<number, DirentNode[]> {
  const newest = new Map<string, DirentNode>();
  for (const d of dirents) {
    const key = `${d.pino}/${d.name}`;
    const old = newest.get(key);
    if (!old || d.version >= old.version) newest.set(key, d);
  }
  const children = new Map<number, DirentNode[]>();
  for (const d of newest.values()) {
    if (d.ino === 0 || d.name === '' || d.name === '.' || d.name === '..' || d.name.includes('/')) continue;
    const list = children.get(d.pino) ?? [];
    list.push(d);
    children.set(d.pino, list);
  }
  for (const list of children.values()) list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return children;
}

function byInode(nodes: InodeNode[]): Map<number, InodeNode[]> {
  const map = new Map<number, InodeNode[]>();
  for (const n of nodes) {
    const list = map.get(n.ino) ?? [];
    list.push(n);
    map.set(n.ino, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.version - b.version);
  return map;
}

async function walkDir(walk: Walk, ino: number, prefix: string, depth: number): Promise<void> {
  const { ctx } = walk;
  if (depth > MAX_DEPTH || walk.dirs.has(ino)) {
    ctx.report({ level: 'warning', location: memberLocation(ctx.location, prefix || '.'), code: 'malformed', message: `directory inode ${ino} loops or nests too deep` });
    return;
  }
  walk.dirs.add(ino);
  for (const entry of walk.children.get(ino) ?? []) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const path = prefix + entry.name;
    await extractMemberOrWarn(ctx, path, () => extractEntry(walk, entry, path, depth));
  }
}

async function extractEntry(walk: Walk, entry: DirentNode, path: string, depth: number): Promise<void> {
  const { ctx } = walk;
  const nodes = walk.inodes.get(entry.ino) ?? [];
  const latest = nodes.at(-1);
  const type = latest ? latest.mode & S_IFMT : entry.type === DT_DIR ? S_IFDIR : 0;
  if (type === S_IFDIR) return walkDir(walk, entry.ino, `${path}/`, depth + 1);
  if (type !== S_IFREG && type !== S_IFLNK) return; // devices, FIFOs, sockets; or an inode with no nodes
  const first = walk.seen.get(entry.ino);
  if (first !== undefined) {
    ctx.sink.link(path, first, 'hardlink');
    return;
  }
  walk.seen.set(entry.ino, path);
  const data = await assemble(ctx, nodes);
  if (type === S_IFLNK) ctx.sink.link(path, data.toString('utf8', 0, Math.min(data.length, 4096)), 'symlink');
  else await ctx.sink.file(path, () => Readable.from([data]), {}, ctx.signal);
}

/** The file's bytes: each node's data written at its offset, newest last; size from the newest node. */
async function assemble(ctx: ExtractContext, nodes: InodeNode[]): Promise<Buffer> {
  const size = nodes.at(-1)?.isize ?? 0;
  const limit = Math.min(MAX_FILE, ctx.sink.budget.fileBytes);
  if (size > limit) throw new FormatError('limit-exceeded', `file of ${size} bytes is over the ${limit}-byte JFFS2 assembly limit`);
  const out = Buffer.alloc(size);
  for (const node of nodes) {
    if (node.dsize === 0 || node.offset >= size) continue;
    if (node.dsize > MAX_DSIZE) throw new FormatError('malformed', `node of version ${node.version} claims ${node.dsize} bytes`);
    const raw = await ctx.reader.read(node.data, node.csize);
    if (raw.length < node.csize) throw new FormatError('truncated', `node data at ${node.data} is past the end`);
    decompress(node, raw).copy(out, node.offset, 0, Math.min(node.dsize, size - node.offset));
  }
  return out;
}

function decompress(node: InodeNode, raw: Buffer): Buffer {
  switch (node.compr) {
    case COMPR_NONE:
      return raw;
    case COMPR_ZERO:
      return Buffer.alloc(node.dsize);
    case COMPR_RTIME:
      return rtimeDecompress(raw, node.dsize);
    case COMPR_ZLIB:
      try {
        return inflateSync(raw, { maxOutputLength: node.dsize });
      } catch (err) {
        throw new FormatError('corrupt', `zlib node of version ${node.version}: ${(err as Error).message}`);
      }
    default:
      throw new FormatError('unsupported', `${COMPR_NAMES[node.compr] ?? `compressor ${node.compr}`} data is not read`);
  }
}
