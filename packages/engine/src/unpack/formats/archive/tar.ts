// tar: POSIX ustar, GNU (long names `L`, long link names `K`, base-256 sizes) and
// PAX extended headers (`path`, `linkpath`, `size`). Every header checksum is
// verified: a bad one means we lost the 512-byte rhythm, so the walk stops there.
// Sparse members of every flavour GNU tar writes (old GNU `S`, PAX 0.0, 0.1 and 1.0)
// are written whole: their stored segments at their offsets, holes as zeros, up to
// the real size, through the sink like any member (so the limits apply to the real size,
// and the ratio limit to real size over stored bytes: a hole is not free).
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { parseHeader, verifyChecksum, type TarHeader } from '../../layouts/tar-header.ts';
import { measureTar } from '../../../carve/measure/tar.ts';

const BLOCK = 512;
/** Long names, PAX headers and sparse maps are metadata; megabytes of it is an attack. */
const MAX_META = 1024 * 1024;
/** Stored sparse data is read this much at a time; holes are given in zero chunks of this size. */
const STEP = 64 * 1024;

export const tar: Unpacker = {
  name: 'archive/tar',
  version: 2,
  magic: [{ offset: 257, bytes: Buffer.from('ustar', 'latin1') }],
  measure: measureTar,
  async identify(head, reader) {
    // `ustar\0` (POSIX) or `ustar  \0` (GNU) at 257, and a header that adds up.
    if (head.length < BLOCK || head.toString('latin1', 257, 262) !== 'ustar') return null;
    if (!verifyChecksum(head.subarray(0, BLOCK))) return null;
    return { start: 0, end: reader.size };
  },
  extract,
};

/** Overrides gathered from `L`/`K`/`x` entries for the entry that follows them. */
interface Pending {
  path?: string;
  linkPath?: string;
  size?: number;
  /** `GNU.sparse.*` records, in order (PAX 0.0 repeats offset/numbytes). */
  sparse?: [string, string][];
}

/** `length` stored bytes that belong at `offset` of the real file. */
interface Segment {
  offset: number;
  length: number;
}

/** Where a sparse member's bytes go, or why it cannot be unpacked (`problem`). */
type Sparse = { realSize: number; map: Segment[]; mapBytes: number } | { problem: string; code: 'malformed' | 'unsupported' };

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  let pending: Pending = {};
  let pos = chunk.start;
  while (pos + BLOCK <= chunk.end && !sink.stopped) {
    signal.throwIfAborted();
    const block = await reader.read(pos, BLOCK);
    if (block.every((b) => b === 0)) break; // end-of-archive marker
    if (!verifyChecksum(block)) throw new FormatError('checksum-mismatch', `tar header at ${pos} has a bad checksum`, ctx.location);
    const header = parseHeader(block);
    if (header === undefined) throw new FormatError('malformed', `tar header at ${pos} has a bad size field`, ctx.location);
    const dataStart = pos + BLOCK;
    if (header.type === 'L' || header.type === 'K' || header.type === 'x' || header.type === 'g') {
      const meta = await readMeta(ctx, dataStart, header.size, header.type);
      if (header.type === 'L') pending.path = cString(meta);
      else if (header.type === 'K') pending.linkPath = cString(meta);
      else if (header.type === 'x') pending = { ...pending, ...fromPax(meta, ctx.location) };
      // `g` (PAX global) carries defaults such as mtime or charset; a global path or
      // size would apply to every entry and is not honoured.
      pos = dataStart + Math.ceil(header.size / BLOCK) * BLOCK;
      continue;
    }
    // A PAX `size` overrides the header's (files over 8 GiB in old-style headers).
    const size = pending.size ?? header.size;
    // Old GNU sparse headers are followed by extension blocks of more map entries.
    const gnuSparse = header.type === 'S' ? await readGnuSparse(ctx, block, dataStart) : undefined;
    const data = dataStart + (gnuSparse?.extBlocks ?? 0) * BLOCK;
    const next = data + Math.ceil(size / BLOCK) * BLOCK;
    const sparseName = pending.sparse?.find(([key]) => key === 'GNU.sparse.name')?.[1];
    const entry = { ...header, path: sparseName ?? pending.path ?? header.path, size };
    entry.linkName = pending.linkPath ?? header.linkName;
    const sparse = gnuSparse?.sparse ?? (pending.sparse && isFile(header.type) ? await paxSparse(ctx, pending.sparse, data, size) : undefined);
    pending = {};
    if (sparse === undefined) await extractEntry(ctx, entry, data);
    else if ('problem' in sparse) ctx.report({ level: 'warning', location: memberLocation(ctx.location, entry.path), code: sparse.code, message: `${sparse.problem}; not extracted` });
    else await extractSparse(ctx, entry, sparse, data);
    pos = next;
  }
  if (pos + BLOCK > chunk.end && pos < chunk.end) {
    throw new FormatError('truncated', `tar ends inside a header at ${pos}`, ctx.location);
  }
}

function isFile(type: string): boolean {
  return type === '0' || type === '\0' || type === '7';
}

async function extractEntry(ctx: ExtractContext, entry: TarHeader, dataStart: number): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  switch (entry.type) {
    case '0':
    case '\0':
    case '7': {
      const available = Math.max(0, Math.min(dataStart + entry.size, chunk.end) - dataStart);
      await sink.file(entry.path, () => reader.stream(dataStart, dataStart + available), {}, signal);
      if (available < entry.size) {
        throw new FormatError('truncated', `member has ${available} of ${entry.size} bytes`, memberLocation(ctx.location, entry.path));
      }
      return;
    }
    case '1':
      sink.link(entry.path, entry.linkName, 'hardlink');
      return;
    case '2':
      sink.link(entry.path, entry.linkName, 'symlink');
      return;
    case '5':
    case '3':
    case '4':
    case '6':
      return; // directories, devices and FIFOs hold no bytes
    default:
      ctx.report({
        level: 'warning',
        location: memberLocation(ctx.location, entry.path),
        code: 'unsupported',
        message: `tar entry type "${entry.type}" not extracted`,
      });
  }
}

/** The map of an old GNU sparse member (`S`): 4 entries in the header, 21 per extension block. */
async function readGnuSparse(ctx: ExtractContext, header: Buffer, dataStart: number): Promise<{ sparse: Sparse; extBlocks: number }> {
  const values: (number | undefined)[] = [];
  const entries = (block: Buffer, at: number, count: number): void => {
    // An entry whose offset field is empty ends the list, sample `00000000000\0` + `00000010000\0` = 0 + 4096.
    for (let i = 0; i < count && block[at + i * 24] !== 0; i++) values.push(gnuNumber(block, at + i * 24), gnuNumber(block, at + i * 24 + 12));
  };
  entries(header, 386, 4);
  let extBlocks = 0;
  for (let extended = header[482] !== 0; extended; extBlocks++) {
    if (extBlocks * BLOCK >= MAX_META) throw new FormatError('malformed', `GNU sparse map of more than ${MAX_META} bytes`, ctx.location);
    const block = await ctx.reader.read(dataStart + extBlocks * BLOCK, BLOCK);
    if (block.length < BLOCK) throw new FormatError('truncated', 'GNU sparse extension header cut short', ctx.location);
    entries(block, 0, 21);
    extended = block[504] !== 0;
  }
  const realSize = gnuNumber(header, 483);
  const sparse = realSize === undefined ? { code: 'malformed' as const, problem: 'GNU sparse real size does not parse' } : toSparse(values, realSize, 0);
  return { sparse, extBlocks };
}

/** The map of a PAX sparse member: 0.0 (offset/numbytes records), 0.1 (`GNU.sparse.map`) or 1.0 (map in the data). */
async function paxSparse(ctx: ExtractContext, records: [string, string][], data: number, size: number): Promise<Sparse> {
  const last = (key: string): string | undefined => records.findLast(([k]) => k === key)?.[1];
  const major = last('GNU.sparse.major');
  const minor = last('GNU.sparse.minor');
  if (major !== undefined || minor !== undefined) {
    if (major !== '1' || minor !== '0') return { code: 'unsupported', problem: `PAX sparse format ${major ?? '?'}.${minor ?? '?'}` };
    const map = await readMapV1(ctx, data, size);
    if (typeof map === 'string') return { code: 'malformed', problem: map };
    return toSparse(map.values, decimal(last('GNU.sparse.realsize') ?? last('GNU.sparse.size')), map.mapBytes);
  }
  const realSize = decimal(last('GNU.sparse.size'));
  // 0.1: `GNU.sparse.map=0,4096,196608,4096`; 0.0: the same pairs as repeated records.
  const map = last('GNU.sparse.map');
  const values = map !== undefined ? map.split(',').map(decimal) : records.filter(([k]) => k === 'GNU.sparse.offset' || k === 'GNU.sparse.numbytes').map(([, v]) => decimal(v));
  const numBlocks = last('GNU.sparse.numblocks');
  if (numBlocks !== undefined && decimal(numBlocks) !== values.length / 2) return { code: 'malformed', problem: `PAX sparse numblocks ${numBlocks} for ${values.length / 2} entries` };
  return toSparse(values, realSize, 0);
}

/**
 * PAX 1.0: the data starts with the map as decimal lines (count, then offset and length
 * of each segment), padded to a block; sample `3\n0\n4096\n196608\n4096\n...`.
 */
async function readMapV1(ctx: ExtractContext, data: number, size: number): Promise<{ values: (number | undefined)[]; mapBytes: number } | string> {
  let text = '';
  for (;;) {
    const lines = text.split('\n').slice(0, -1); // the last piece is not a whole line yet
    const count = lines.length > 0 ? decimal(lines[0]) : undefined;
    if (lines.length > 0 && count === undefined) return `PAX 1.0 sparse map count "${lines[0]}"`;
    if (count !== undefined && lines.length >= 1 + 2 * count) {
      const used = lines.slice(0, 1 + 2 * count).reduce((n, line) => n + line.length + 1, 0);
      return { values: lines.slice(1, 1 + 2 * count).map(decimal), mapBytes: Math.ceil(used / BLOCK) * BLOCK };
    }
    const want = Math.min(STEP, size - text.length, MAX_META - text.length);
    if (want <= 0) return `PAX 1.0 sparse map does not end within ${Math.min(size, MAX_META)} bytes`;
    const part = await ctx.reader.read(data + text.length, want);
    if (part.length === 0) return 'PAX 1.0 sparse map cut short';
    text += part.toString('latin1');
  }
}

/** Checks a map of offset/length pairs: in order, not overlapping, inside the real size. */
function toSparse(values: (number | undefined)[], realSize: number | undefined, mapBytes: number): Sparse {
  if (realSize === undefined) return { code: 'malformed', problem: 'sparse member without a real size' };
  if (values.length % 2 !== 0) return { code: 'malformed', problem: 'sparse map with an odd number of values' };
  const map: Segment[] = [];
  let end = 0;
  for (let i = 0; i < values.length; i += 2) {
    const [offset, length] = [values[i], values[i + 1]];
    if (offset === undefined || length === undefined) return { code: 'malformed', problem: `sparse map entry ${i / 2} does not parse` };
    if (offset < end || offset + length > realSize) return { code: 'malformed', problem: `sparse segment ${offset}+${length} out of order or past the real size ${realSize}` };
    map.push({ offset, length });
    end = offset + length;
  }
  return { realSize, map, mapBytes };
}

/** The member as a stream: stored segments at their offsets, zeros between them and to the real size. */
async function extractSparse(ctx: ExtractContext, entry: TarHeader, sparse: { realSize: number; map: Segment[]; mapBytes: number }, data: number): Promise<void> {
  const stored = entry.size - sparse.mapBytes;
  const total = sparse.map.reduce((n, s) => n + s.length, 0);
  const location = memberLocation(ctx.location, entry.path);
  if (stored < 0 || total !== stored) {
    ctx.report({ level: 'warning', location, code: 'malformed', message: `sparse map covers ${total} bytes, the member stores ${stored}; not extracted` });
    return;
  }
  const start = data + sparse.mapBytes;
  const available = Math.max(0, Math.min(ctx.chunk.end - start, stored));
  const open = (): Readable => Readable.from(sparseBytes(ctx, sparse, start, available), { objectMode: false });
  // The ratio limit compares the real size with what the member takes in the archive.
  await ctx.sink.file(entry.path, open, { compressedSize: entry.size + BLOCK }, ctx.signal);
  if (available < stored) throw new FormatError('truncated', `sparse member has ${available} of ${stored} stored bytes`, location);
}

async function* sparseBytes(ctx: ExtractContext, sparse: { realSize: number; map: Segment[] }, start: number, available: number): AsyncGenerator<Buffer> {
  const zero = Buffer.alloc(STEP);
  let written = 0;
  let read = 0;
  for (const segment of [...sparse.map, { offset: sparse.realSize, length: 0 }]) {
    for (; written < segment.offset; written += Math.min(STEP, segment.offset - written)) yield zero.subarray(0, Math.min(STEP, segment.offset - written));
    for (let left = segment.length; left > 0; ) {
      ctx.signal.throwIfAborted();
      const part = await ctx.reader.read(start + read, Math.min(STEP, left, available - read));
      if (part.length === 0) return; // cut short: the caller reports it
      yield part;
      read += part.length;
      written += part.length;
      left -= part.length;
    }
  }
}

/** A 12-byte numeric field of a GNU sparse entry: octal text, or base-256 with the high bit set. */
function gnuNumber(block: Buffer, at: number): number | undefined {
  const bytes = block.subarray(at, at + 12);
  if (((bytes[0] ?? 0) & 0x80) !== 0) {
    if ((bytes[0] ?? 0) & 0x40) return undefined; // negative
    const value = bytes.subarray(1).reduce((v, b) => v * 256 + b, (bytes[0] ?? 0) & 0x3f);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  // Octal digits, sample `00002260000`.
  const text = bytes.toString('latin1').replace(/[\0 ]+$/, '');
  return /^[0-7]{1,18}$/.test(text) && Number.isSafeInteger(parseInt(text, 8)) ? parseInt(text, 8) : undefined;
}

/** A decimal PAX value, sample `614400`. */
function decimal(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

async function readMeta(ctx: ExtractContext, start: number, size: number, type: string): Promise<Buffer> {
  if (size > MAX_META) throw new FormatError('malformed', `tar "${type}" header of ${size} bytes`, ctx.location);
  const data = await ctx.reader.read(start, size);
  if (data.length < size) throw new FormatError('truncated', `tar "${type}" header cut short`, ctx.location);
  return data;
}

function fromPax(data: Buffer, location: string[]): Pending {
  const list = paxList(data);
  if (list === undefined) throw new FormatError('malformed', 'PAX header records do not parse', location);
  const records = Object.fromEntries(list);
  const out: Pending = {};
  if (records.path !== undefined) out.path = records.path;
  if (records.linkpath !== undefined) out.linkPath = records.linkpath;
  if (records.size !== undefined) {
    // PAX size is decimal, sample `size=8589934592`.
    if (!/^\d+$/.test(records.size)) throw new FormatError('malformed', `PAX size "${records.size}"`, location);
    out.size = Number(records.size);
  }
  const sparse = list.filter(([key]) => key.startsWith('GNU.sparse.'));
  if (sparse.length > 0) out.sparse = sparse;
  return out;
}

/**
 * PAX records `"%d %s=%s\n"` in order, repeated keys kept (PAX 0.0 sparse maps repeat
 * `GNU.sparse.offset`/`GNU.sparse.numbytes`), sample `30 path=usr/lib/very/long/name\n`.
 */
function paxList(data: Buffer): [string, string][] | undefined {
  const records: [string, string][] = [];
  for (let pos = 0; pos < data.length && data[pos] !== 0; ) {
    const space = data.indexOf(0x20, pos);
    const length = space < 0 ? NaN : Number(data.toString('latin1', pos, space));
    if (!Number.isInteger(length) || length <= space - pos + 1 || pos + length > data.length) return undefined;
    const record = data.toString('utf8', space + 1, pos + length - 1);
    const eq = record.indexOf('=');
    if (eq < 0) return undefined;
    records.push([record.slice(0, eq), record.slice(eq + 1)]);
    pos += length;
  }
  return records;
}

function cString(data: Buffer): string {
  const nul = data.indexOf(0);
  return data.toString('utf8', 0, nul < 0 ? data.length : nul);
}
