// romfs (Linux Documentation/filesystems/romfs.rst): "-rom1fs-", the image size and a
// checksum (big-endian), the volume name padded to 16 bytes, then file headers, each
// 16-byte aligned: next header (low 4 bits: type and executable bit), type-specific info,
// size, checksum, name (padded to 16), data. A directory's info points at its first entry;
// a hard link's at the header it links to. Offsets are checked against the image and each
// header is visited once, so a looping image ends.
import { extractMemberOrWarn } from '../../member-problems.ts';
import { type ExtractContext, FormatError, type Unpacker } from '../../types.ts';

const MAGIC = '-rom1fs-';
const TYPE_HARDLINK = 0;
const TYPE_DIRECTORY = 1;
const TYPE_FILE = 2;
const TYPE_SYMLINK = 3;
const MAX_NAME = 256;
const MAX_DEPTH = 64;
/** Headers per image: a 16 MiB romfs of empty files has about a million; hostile chains stop here. */
const MAX_HEADERS = 1_000_000;

interface Header {
  next: number;
  type: number;
  info: number;
  size: number;
  name: string;
  data: number;
}

export const romfs: Unpacker = {
  name: 'filesystem/romfs',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from(MAGIC, 'latin1') }],
  async identify(head, reader) {
    if (head.length < 32 || head.toString('latin1', 0, 8) !== MAGIC) return null;
    const size = head.readUInt32BE(8);
    // The volume name is NUL-terminated inside the first header area.
    if (size < 32 || head.indexOf(0, 16) < 0) return null;
    return { start: 0, end: Math.min(size, reader.size) };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk } = ctx;
  const head = await reader.read(chunk.start, 16 + MAX_NAME);
  if (head.toString('latin1', 0, 8) !== MAGIC) throw new FormatError('malformed', 'no romfs superblock');
  const end = chunk.end - chunk.start;
  if (head.readUInt32BE(8) > end) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'truncated', message: `romfs image says ${head.readUInt32BE(8)} bytes, ${end} are there` });
  }
  const first = align(16 + nameLength(head.subarray(16)) + 1);
  const walk = { ctx, end, seen: new Set<number>(), paths: new Map<number, string>() };
  await walkDir(walk, first, '', 0);
}

interface Walk {
  ctx: ExtractContext;
  end: number;
  seen: Set<number>;
  /** Path of each extracted file header, for hard links. */
  paths: Map<number, string>;
}

async function walkDir(walk: Walk, firstEntry: number, dir: string, depth: number): Promise<void> {
  if (depth > MAX_DEPTH) throw new FormatError('malformed', `directories nested deeper than ${MAX_DEPTH}`);
  for (let at = firstEntry; at !== 0 && !walk.ctx.sink.stopped; ) {
    walk.ctx.signal.throwIfAborted();
    if (walk.seen.has(at) || walk.seen.size >= MAX_HEADERS) return;
    walk.seen.add(at);
    const header = await readHeader(walk, at);
    if (header.name !== '.' && header.name !== '..') {
      const path = dir ? `${dir}/${header.name}` : header.name;
      await extractMemberOrWarn(walk.ctx, path, () => extractEntry(walk, at, header, path, depth));
    }
    at = header.next;
  }
}

async function extractEntry(walk: Walk, at: number, header: Header, path: string, depth: number): Promise<void> {
  const { ctx } = walk;
  const base = ctx.chunk.start;
  if (header.type === TYPE_DIRECTORY) return walkDir(walk, (header.info & ~15) >>> 0, path, depth + 1);
  if (header.type === TYPE_HARDLINK) {
    const target = walk.paths.get((header.info & ~15) >>> 0);
    if (target !== undefined) ctx.sink.link(path, target, 'hardlink');
    return;
  }
  if (header.data + header.size > walk.end) throw new FormatError('truncated', `data of ${path} runs past the end of the image`);
  if (header.type === TYPE_SYMLINK) {
    const target = await ctx.reader.read(base + header.data, Math.min(header.size, 4096));
    ctx.sink.link(path, target.toString('utf8'));
  } else if (header.type === TYPE_FILE) {
    walk.paths.set(at, path);
    await ctx.sink.file(path, () => ctx.reader.stream(base + header.data, base + header.data + header.size), {}, ctx.signal);
  }
  // Devices, sockets and FIFOs carry no data.
}

async function readHeader(walk: Walk, at: number): Promise<Header> {
  if (at % 16 !== 0 || at + 32 > walk.end) throw new FormatError('malformed', `file header at ${at} lies outside the image`);
  const bytes = await walk.ctx.reader.read(walk.ctx.chunk.start + at, 16 + MAX_NAME);
  const nameBytes = bytes.subarray(16);
  const length = nameLength(nameBytes);
  if (length === 0 || length >= MAX_NAME) throw new FormatError('malformed', `file header at ${at} has no name`);
  const word = bytes.readUInt32BE(0);
  return {
    next: (word & ~15) >>> 0,
    type: word & 7,
    info: bytes.readUInt32BE(4),
    size: bytes.readUInt32BE(8),
    name: nameBytes.toString('utf8', 0, length).replaceAll('/', '_'),
    data: at + 16 + align(length + 1),
  };
}

function nameLength(bytes: Buffer): number {
  const nul = bytes.indexOf(0);
  return nul < 0 ? bytes.length : nul;
}

function align(n: number): number {
  return Math.ceil(n / 16) * 16;
}
