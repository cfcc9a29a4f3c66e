// tar: POSIX ustar, GNU (long names `L`, long link names `K`, base-256 sizes) and
// PAX extended headers (`path`, `linkpath`, `size`). Every header checksum is
// verified: a bad one means we lost the 512-byte rhythm, so the walk stops there.
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { parseHeader, parsePax, verifyChecksum, type TarHeader } from '../../layouts/tar-header.ts';
import { measureTar } from '../../../carve/measure/tar.ts';

const BLOCK = 512;
/** Long names and PAX headers are metadata; megabytes of it is an attack. */
const MAX_META = 1024 * 1024;

export const tar: Unpacker = {
  name: 'archive/tar',
  version: 1,
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
}

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
    const next = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    const entry = { ...header, path: pending.path ?? header.path, size };
    entry.linkName = pending.linkPath ?? header.linkName;
    pending = {};
    await extractEntry(ctx, entry, dataStart);
    pos = next;
  }
  if (pos + BLOCK > chunk.end && pos < chunk.end) {
    throw new FormatError('truncated', `tar ends inside a header at ${pos}`, ctx.location);
  }
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

async function readMeta(ctx: ExtractContext, start: number, size: number, type: string): Promise<Buffer> {
  if (size > MAX_META) throw new FormatError('malformed', `tar "${type}" header of ${size} bytes`, ctx.location);
  const data = await ctx.reader.read(start, size);
  if (data.length < size) throw new FormatError('truncated', `tar "${type}" header cut short`, ctx.location);
  return data;
}

function fromPax(data: Buffer, location: string[]): Pending {
  const records = parsePax(data);
  if (records === undefined) throw new FormatError('malformed', 'PAX header records do not parse', location);
  const out: Pending = {};
  if (records.path !== undefined) out.path = records.path;
  if (records.linkpath !== undefined) out.linkPath = records.linkpath;
  if (records.size !== undefined) {
    // PAX size is decimal, sample `size=8589934592`.
    if (!/^\d+$/.test(records.size)) throw new FormatError('malformed', `PAX size "${records.size}"`, location);
    out.size = Number(records.size);
  }
  return out;
}

function cString(data: Buffer): string {
  const nul = data.indexOf(0);
  return data.toString('utf8', 0, nul < 0 ? data.length : nul);
}
