// YAFFS2 NAND images (mkyaffs2image output, raw dumps with spare areas): the
// chunk geometry, tags position and byte order are probed; every chunk is
// scanned, and for each object header and each (object, data chunk) the newest
// copy wins (highest block sequence number, then the later chunk), as the
// kernel's scan decides. Objects are tied together by parent id from the root
// (id 1; id 2 is lost+found); deleted and unlinked objects, and data past a
// shrunk size, are left out. Symlinks and hard links are recorded, special
// files skipped.
import { extractMemberOrWarn } from '../../member-problems.ts';
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { OBJECT_HEADER_SIZE, parseObjectHeader, parseTags, probeGeometry, type Geometry, type ObjectHeader } from '../../layouts/yaffs2-chunks.ts';

const FILE = 1;
const SYMLINK = 2;
const DIRECTORY = 3;
const HARDLINK = 4;
const ROOT = 1;
const LOST_AND_FOUND = 2;
const UNLINKED = 3;
const DELETED = 4;
/** Chunks read per batch while scanning. */
const BATCH = 64;
/** 16 M chunks: a 32 GiB NAND of 2 KiB pages. */
const MAX_CHUNKS = 1 << 24;
const MAX_DEPTH = 64;

interface Copy {
  sequence: number;
  index: number;
}

interface HeaderCopy extends Copy {
  header: ObjectHeader;
}

interface DataCopy extends Copy {
  bytes: number;
}

interface Scan {
  headers: Map<number, HeaderCopy>;
  data: Map<number, Map<number, DataCopy>>;
  bad: number;
}

interface Walk {
  ctx: ExtractContext;
  geometry: Geometry;
  scan: Scan;
  children: Map<number, number[]>;
  paths: Map<number, string>;
  dirs: Set<number>;
}

export const yaffs2: Unpacker = {
  name: 'filesystem/yaffs2',
  version: 1,
  // An object header named with one character passes the loose .lzma header check: be asked first.
  specialises: 'compress/lzma',
  async identify(head, reader) {
    // Every unclaimed file reaches this probe: look at the first header before any read.
    if (!parseObjectHeader(head, true) && !parseObjectHeader(head, false)) return null;
    return (await probeGeometry(reader, 0, reader.size)) ? { start: 0, end: reader.size } : null;
  },
  extract,
};

const newer = (a: Copy, b: Copy | undefined): boolean => !b || a.sequence > b.sequence || (a.sequence === b.sequence && a.index > b.index);

async function extract(ctx: ExtractContext): Promise<void> {
  const geometry = await probeGeometry(ctx.reader, ctx.chunk.start, ctx.chunk.end);
  if (!geometry) throw new FormatError('malformed', 'no YAFFS2 object header with valid tags at the start', ctx.location);
  const scan = await scanChunks(ctx, geometry);
  if (scan.bad > 0) ctx.report({ level: 'warning', location: ctx.location, code: 'corrupt', message: `${scan.bad} YAFFS2 chunks with invalid tags or headers were skipped` });
  const children = new Map<number, number[]>();
  for (const [id, { header }] of scan.headers) {
    if (header.parent === UNLINKED || header.parent === DELETED) continue;
    const list = children.get(header.parent) ?? [];
    list.push(id);
    children.set(header.parent, list);
  }
  const walk: Walk = { ctx, geometry, scan, children, paths: new Map(), dirs: new Set() };
  const order: number[] = [];
  placeDir(walk, ROOT, '', 0, order);
  if (children.has(LOST_AND_FOUND)) placeDir(walk, LOST_AND_FOUND, 'lost+found/', 1, order);
  for (const id of order) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const path = walk.paths.get(id) ?? '';
    await extractMemberOrWarn(ctx, path, () => emit(walk, id, path));
  }
}

async function scanChunks(ctx: ExtractContext, geometry: Geometry): Promise<Scan> {
  const { reader, chunk } = ctx;
  const stride = geometry.chunk + geometry.spare;
  const count = Math.min(MAX_CHUNKS, Math.floor((chunk.end - chunk.start) / stride));
  if ((chunk.end - chunk.start) % stride !== 0) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'truncated', message: `YAFFS2 image ends inside chunk ${count}` });
  }
  const scan: Scan = { headers: new Map(), data: new Map(), bad: 0 };
  for (let first = 0; first < count; first += BATCH) {
    ctx.signal.throwIfAborted();
    const n = Math.min(BATCH, count - first);
    const batch = await reader.read(chunk.start + first * stride, n * stride);
    for (let i = 0; i < n && (i + 1) * stride <= batch.length; i++) {
      const at = i * stride;
      const tags = parseTags(batch.subarray(at + geometry.chunk, at + stride), geometry);
      if (tags === 'erased') continue;
      if (!tags) {
        scan.bad++;
        continue;
      }
      const copy = { sequence: tags.sequence, index: first + i };
      if (tags.chunkId === 0) {
        const header = parseObjectHeader(batch.subarray(at, at + OBJECT_HEADER_SIZE), geometry.littleEndian);
        if (!header) scan.bad++;
        else if (newer(copy, scan.headers.get(tags.objectId))) scan.headers.set(tags.objectId, { ...copy, header });
        continue;
      }
      const chunks = scan.data.get(tags.objectId) ?? new Map<number, DataCopy>();
      scan.data.set(tags.objectId, chunks);
      if (newer(copy, chunks.get(tags.chunkId))) chunks.set(tags.chunkId, { ...copy, bytes: tags.bytes });
    }
  }
  return scan;
}

/** Gives every reachable object its path, parents before children, names sorted. */
function placeDir(walk: Walk, id: number, prefix: string, depth: number, order: number[]): void {
  const { ctx } = walk;
  if (depth > MAX_DEPTH || walk.dirs.has(id)) {
    ctx.report({ level: 'warning', location: memberLocation(ctx.location, prefix || '.'), code: 'malformed', message: `directory object ${id} loops or nests too deep` });
    return;
  }
  walk.dirs.add(id);
  const entries = (walk.children.get(id) ?? [])
    .map((child) => ({ child, header: walk.scan.headers.get(child)?.header }))
    .filter((e): e is { child: number; header: ObjectHeader } => e.header !== undefined)
    .sort((a, b) => (a.header.name < b.header.name ? -1 : a.header.name > b.header.name ? 1 : 0));
  for (const { child, header } of entries) {
    const path = prefix + header.name;
    if (header.name === '' || header.name === '.' || header.name === '..' || header.name.includes('/')) {
      ctx.report({ level: 'warning', location: memberLocation(ctx.location, path), code: 'unsafe-path', message: `object ${child} has the name ${JSON.stringify(header.name)}` });
      continue;
    }
    walk.paths.set(child, path);
    order.push(child);
    if (header.type === DIRECTORY) placeDir(walk, child, `${path}/`, depth + 1, order);
  }
}

async function emit(walk: Walk, id: number, path: string): Promise<void> {
  const { ctx } = walk;
  const header = walk.scan.headers.get(id)?.header;
  if (!header) return;
  if (header.type === SYMLINK) {
    ctx.sink.link(path, header.alias, 'symlink');
  } else if (header.type === HARDLINK) {
    const target = walk.paths.get(header.equivalentId);
    if (target === undefined) throw new FormatError('corrupt', `hard link to object ${header.equivalentId}, which is not in the tree`);
    ctx.sink.link(path, target, 'hardlink');
  } else if (header.type === FILE) {
    const limit = ctx.sink.budget.fileBytes;
    if (header.size > limit) throw new FormatError('limit-exceeded', `file of ${header.size} bytes is over the ${limit}-byte file limit`);
    const chunks = walk.scan.data.get(id) ?? new Map<number, DataCopy>();
    await ctx.sink.file(path, () => Readable.from(fileBytes(walk, header.size, chunks), { objectMode: false }), {}, ctx.signal);
  }
}

/** Data chunks 1..n in order; a chunk never written (or written short) reads as zeros. */
async function* fileBytes(walk: Walk, size: number, chunks: Map<number, DataCopy>): AsyncGenerator<Buffer> {
  const { ctx, geometry } = walk;
  const stride = geometry.chunk + geometry.spare;
  for (let n = 1; (n - 1) * geometry.chunk < size; n++) {
    const length = Math.min(geometry.chunk, size - (n - 1) * geometry.chunk);
    const copy = chunks.get(n);
    const data = copy ? await ctx.reader.read(ctx.chunk.start + copy.index * stride, Math.min(copy.bytes, length)) : Buffer.alloc(0);
    yield data.length === length ? data : Buffer.concat([data, Buffer.alloc(length - data.length)]);
  }
}
