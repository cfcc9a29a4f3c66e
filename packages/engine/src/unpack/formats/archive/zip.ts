// Zip (also jar, apk, docx ...): our own reader of the central directory, the
// authoritative list of entries, so data descriptors (flag bit 3) need no special
// case. Stored and deflated entries are extracted, CRC-32 checked, zip64 read. A
// file whose end (and so central directory) is missing is walked by its local
// headers instead, keeping whatever comes before the cut.
import { Transform, type Readable } from 'node:stream';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { pipeThrough } from '../../../util/reader.ts';
import { type CentralEntry, type Directory, SIG_LOCAL, dataOffset, findDirectory, readDirectory } from '../../layouts/zip-directory.ts';
import { measureZip } from '../../../carve/measure/zip.ts';

const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MAX_LINK = 4096;

export const zip: Unpacker = {
  name: 'archive/zip',
  version: 2,
  magic: [{ offset: 0, bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04]) }],
  measure: measureZip,
  async identify(head, reader) {
    // `PK\3\4` starts a zip with entries, `PK\5\6` an empty one.
    if (head.length < 22 || head[0] !== 0x50 || head[1] !== 0x4b) return null;
    if (!((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6))) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const dir = await findDirectory(ctx.reader);
    if (dir === undefined) {
      await walkLocalHeaders(ctx);
      throw new FormatError('truncated', 'no end of central directory record: file cut short', ctx.location);
    }
    // What the directory declares is checked against the scan's budget before anything is written.
    const fits = await budgetCheck(ctx, dir);
    try {
      await extractListed(ctx, dir, fits);
    } finally {
      fits();
    }
  },
};

async function extractListed(ctx: ExtractContext, dir: Directory, fits: (entry: CentralEntry) => boolean): Promise<void> {
  let previous: CentralEntry | undefined;
  let listed = 0;
  for await (const entry of readDirectory(ctx.reader, dir, ctx.location)) {
    listed += 1;
    if (listed === dir.entries + 1) {
      ctx.report({ level: 'warning', location: ctx.location, code: 'malformed', message: `the end record counts ${dir.entries} entries, the central directory holds more; all are read` });
    }
    ctx.signal.throwIfAborted();
    if (ctx.sink.stopped) return;
    if (!fits(entry)) continue;
    if (previous && overlaps(previous, entry)) {
      // Overlapping entries are how a "non-recursive" zip bomb (Fifield, 2019) reuses
      // one deflate stream thousands of times; a real zip never shares bytes.
      ctx.report({
        level: 'error',
        location: memberLocation(ctx.location, entry.name),
        code: 'overlapping-entries',
        message: `entry data overlaps ${previous.name}; not extracted`,
      });
      continue;
    }
    previous = entry;
    await extractEntry(ctx, entry, () => dataOffset(ctx.reader, entry.localOffset, memberLocation(ctx.location, entry.name)));
  }
}

/**
 * Sums the sizes the central directory declares; when they pass what the scan may still
 * extract, the sink records one `limit-exceeded` problem up front, and the answer says,
 * entry by entry, whether its declared size still fits in what is left (those that do
 * are extracted), and ends the scan's extraction once called without an entry.
 * A directory that lies about sizes is still held by the limits applied while writing.
 */
async function budgetCheck(ctx: ExtractContext, dir: Directory): Promise<(entry?: CentralEntry) => boolean> {
  let files = 0;
  let bytes = 0;
  try {
    for await (const entry of readDirectory(ctx.reader, dir, ctx.location)) {
      ctx.signal.throwIfAborted();
      if (entry.name.endsWith('/')) continue;
      files++;
      bytes += entry.uncompressedSize;
    }
  } catch (err) {
    // A bad directory entry is reported by the extraction pass, at the same entry.
    if (!(err instanceof FormatError)) throw err;
  }
  const over = ctx.sink.declare('the zip', files, bytes);
  if (over === undefined) return () => true;
  return (entry) => {
    if (entry === undefined) ctx.sink.exhaust(over);
    return entry !== undefined && (entry.name.endsWith('/') || entry.uncompressedSize <= ctx.sink.budget.bytes);
  };
}

async function extractEntry(ctx: ExtractContext, entry: CentralEntry, locate: () => Promise<number>): Promise<void> {
  if (entry.name.endsWith('/')) return; // directory
  const where = memberLocation(ctx.location, entry.name);
  const skip = (code: string, message: string): void => ctx.report({ level: 'warning', location: where, code, message });
  if (entry.flags & 0x1) return skip('encrypted', 'entry is encrypted; not extracted');
  if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE) {
    return skip('unsupported', `compression method ${entry.method} not supported`);
  }
  try {
    const start = await locate();
    const available = Math.max(0, Math.min(start + entry.compressedSize, ctx.reader.size) - start);
    if (entry.unixMode !== undefined && (entry.unixMode & S_IFMT) === S_IFLNK) {
      ctx.sink.link(entry.name, await readLinkTarget(ctx, entry, start, available));
      return;
    }
    if (await extractWhole(ctx, entry, start, available, skip)) return;
    let crc = 0;
    const check = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        crc = crc32(chunk, crc);
        callback(null, chunk);
      },
    });
    // The ratio is taken against the compressed bytes inflated so far: zlib counts the
    // input its engine has taken (a stored entry is its own input, ratio 1).
    let inflate: ReturnType<typeof createInflateRaw> | undefined;
    const open = (): Readable => {
      const raw = ctx.reader.stream(start, start + available);
      if (entry.method !== METHOD_DEFLATE) return pipeThrough(raw, check);
      inflate = createInflateRaw();
      return pipeThrough(pipeThrough(raw, inflate), check);
    };
    const options = entry.method === METHOD_DEFLATE ? { compressedSize: entry.compressedSize, consumed: () => inflate?.bytesWritten ?? 0 } : { compressedSize: entry.compressedSize };
    const complete = await ctx.sink.file(entry.name, open, options, ctx.signal);
    if (available < entry.compressedSize) {
      throw new FormatError('truncated', `entry has ${available} of ${entry.compressedSize} bytes`, where);
    }
    if (complete && crc >>> 0 !== entry.crc32) skip('checksum-mismatch', 'CRC-32 of the extracted data does not match');
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    ctx.report({ level: 'error', location: err.location ?? where, code: err.code, message: err.message });
  }
}

/**
 * Entries up to this size (compressed and declared) are read and inflated in one call:
 * a stream pipeline per member (and a file opened per stream) costs more than the bytes
 * of a small member, and a zip of 100,000 tiny entries is mostly that cost.
 */
const WHOLE_ENTRY_BYTES = 64 * 1024;

/**
 * A small complete entry decoded in one call and handed to the sink whole (the same
 * limits apply); false when it must be streamed: larger, cut short, or not decoding to
 * its declared size (the stream then reports what is wrong, as for any entry).
 */
async function extractWhole(ctx: ExtractContext, entry: CentralEntry, start: number, available: number, skip: (code: string, message: string) => void): Promise<boolean> {
  if (available !== entry.compressedSize || available > WHOLE_ENTRY_BYTES || entry.uncompressedSize > WHOLE_ENTRY_BYTES) return false;
  const raw = await ctx.reader.read(start, available);
  let data: Buffer;
  try {
    data = entry.method === METHOD_DEFLATE ? inflateRawSync(raw, { maxOutputLength: WHOLE_ENTRY_BYTES }) : raw;
  } catch {
    return false;
  }
  if (data.length !== entry.uncompressedSize) return false;
  const complete = await ctx.sink.fileBytes(entry.name, data, { compressedSize: entry.compressedSize });
  if (complete && crc32(data) >>> 0 !== entry.crc32) skip('checksum-mismatch', 'CRC-32 of the extracted data does not match');
  return true;
}

/** Lower-bound extents [local header, +30 + compressed size) of two entries intersect. */
function overlaps(a: CentralEntry, b: CentralEntry): boolean {
  return a.localOffset < b.localOffset + 30 + b.compressedSize && b.localOffset < a.localOffset + 30 + a.compressedSize;
}

async function readLinkTarget(ctx: ExtractContext, entry: CentralEntry, start: number, available: number): Promise<string> {
  const raw = await ctx.reader.read(start, Math.min(available, MAX_LINK));
  const data = entry.method === METHOD_DEFLATE ? inflateRawSync(raw, { maxOutputLength: MAX_LINK }) : raw;
  return data.toString('utf8');
}

/** Sequential walk for a zip without its central directory; stops at the first entry it cannot size. */
async function walkLocalHeaders(ctx: ExtractContext): Promise<void> {
  const { reader } = ctx;
  let pos = 0;
  while (pos + 30 <= reader.size && !ctx.sink.stopped) {
    ctx.signal.throwIfAborted();
    const header = await reader.read(pos, 30);
    if (header.readUInt32LE(0) !== SIG_LOCAL) return;
    const flags = header.readUInt16LE(6);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const name = (await reader.read(pos + 30, nameLength)).toString(flags & 0x800 ? 'utf8' : 'latin1');
    const compressedSize = header.readUInt32LE(18);
    // Bit 3: sizes follow the data, so the next header cannot be found without them.
    if (flags & 0x8 || compressedSize === 0xffffffff) return;
    const entry: CentralEntry = {
      name,
      flags,
      method: header.readUInt16LE(8),
      crc32: header.readUInt32LE(14),
      compressedSize,
      uncompressedSize: header.readUInt32LE(22),
      localOffset: pos,
      unixMode: undefined,
    };
    const start = pos + 30 + nameLength + extraLength;
    await extractEntry(ctx, entry, async () => start);
    pos = start + compressedSize;
  }
}
