// RPM packages: 96-byte lead, signature header (padded to 8), main header, then
// the compressed cpio payload. The payload becomes one member named after its
// compressor (`payload.cpio.xz`), which the next round decompresses and unpacks,
// as a .deb's data.tar.xz is.
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';

const LEAD_SIZE = 96;
const LEAD_MAGIC = 0xedabeedb;
const HEADER_MAGIC = 0x8eade801;
// rpm's own sanity limits (lib/header_internal.h: hdrchkTags, hdrchkData).
const MAX_TAGS = 0xffff;
const MAX_DATA = 0x0fffffff;
const TAG_PAYLOADCOMPRESSOR = 1125;
const TYPE_STRING = 6;

/** Payload compressor tag value → file name suffix. */
const SUFFIX: Record<string, string> = { gzip: '.gz', bzip2: '.bz2', xz: '.xz', lzma: '.lzma', zstd: '.zst' };

export const rpm: Unpacker = {
  name: 'package/rpm',
  version: 1,
  async identify(head, reader) {
    if (head.length < LEAD_SIZE + 16 || head.readUInt32BE(0) !== LEAD_MAGIC) return null;
    // Lead major version 3 or 4; the signature header follows right after the lead.
    if ((head[4] ?? 0) < 3 || (head[4] ?? 0) > 4 || head.readUInt32BE(LEAD_SIZE) !== HEADER_MAGIC) return null;
    return { start: 0, end: reader.size };
  },
  extract,
};

interface HeaderExtent {
  indexCount: number;
  storeStart: number;
  end: number;
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const signature = await readHeaderExtent(reader, chunk.start + LEAD_SIZE, ctx.location, 'signature');
  const mainStart = chunk.start + LEAD_SIZE + Math.ceil((signature.end - chunk.start - LEAD_SIZE) / 8) * 8;
  const main = await readHeaderExtent(reader, mainStart, ctx.location, 'main');
  const compressor = await stringTag(reader, main, TAG_PAYLOADCOMPRESSOR);
  // Before rpm 4.4 there was no tag: the payload was gzip.
  const suffix = SUFFIX[compressor ?? 'gzip'];
  if (suffix === undefined) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'unsupported', message: `payload compressor "${compressor}"` });
  }
  const payloadStart = main.end;
  if (payloadStart > chunk.end) throw new FormatError('truncated', 'RPM ends inside its main header', ctx.location);
  await sink.file(`payload.cpio${suffix ?? ''}`, () => reader.stream(payloadStart, chunk.end), {}, signal);
}

async function readHeaderExtent(reader: Reader, start: number, location: string[], which: string): Promise<HeaderExtent> {
  const intro = await reader.read(start, 16);
  if (intro.length < 16) throw new FormatError('truncated', `RPM ${which} header cut short at ${start}`, location);
  if (intro.readUInt32BE(0) !== HEADER_MAGIC) throw new FormatError('malformed', `no RPM ${which} header at ${start}`, location);
  const indexCount = intro.readUInt32BE(8);
  const dataSize = intro.readUInt32BE(12);
  if (indexCount > MAX_TAGS || dataSize > MAX_DATA) {
    throw new FormatError('malformed', `RPM ${which} header claims ${indexCount} tags and ${dataSize} bytes`, location);
  }
  const storeStart = start + 16 + indexCount * 16;
  return { indexCount, storeStart, end: storeStart + dataSize };
}

/** A STRING tag's value (bounded to 4 KiB), or undefined when absent. */
async function stringTag(reader: Reader, h: HeaderExtent, tag: number): Promise<string | undefined> {
  const index = await reader.read(h.storeStart - h.indexCount * 16, h.indexCount * 16);
  for (let i = 0; i + 16 <= index.length; i += 16) {
    if (index.readUInt32BE(i) !== tag || index.readUInt32BE(i + 4) !== TYPE_STRING) continue;
    const offset = index.readUInt32BE(i + 8);
    if (h.storeStart + offset >= h.end) return undefined;
    const raw = await reader.read(h.storeStart + offset, Math.min(4096, h.end - h.storeStart - offset));
    const nul = raw.indexOf(0);
    return raw.toString('utf8', 0, nul < 0 ? raw.length : nul);
  }
  return undefined;
}
