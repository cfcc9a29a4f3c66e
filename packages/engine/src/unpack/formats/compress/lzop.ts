// lzop (.lzo): a header (version, method, flags, stored name, header checksum),
// then blocks of uncompressed size, compressed size, optional Adler-32/CRC-32 of
// each side, and the LZO1X data (stored as is when it did not shrink). Every
// checksum present is verified; a zero size ends the stream. A block is at most
// 64 MiB (lzop's own limit), so memory stays flat.
import { basename } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import { type ByteSource, decoderStream } from '../../byte-source.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';
import { adler32 } from '../../codecs/adler32.ts';
import { lzo1xDecompress } from '../../codecs/lzo1x.ts';

const MAGIC = Buffer.from([0x89, 0x4c, 0x5a, 0x4f, 0x00, 0x0d, 0x0a, 0x1a, 0x0a]);
const F_ADLER32_D = 0x1;
const F_ADLER32_C = 0x2;
const F_H_EXTRA_FIELD = 0x40;
const F_CRC32_D = 0x100;
const F_CRC32_C = 0x200;
const F_H_FILTER = 0x800;
const F_H_CRC32 = 0x1000;
/** Methods 1-3 are LZO1X-1, LZO1X-1(15) and LZO1X-999: one decoder for all. */
const LZO1X_METHODS = new Set([1, 2, 3]);
/** Version from which the header carries version-needed, level and mtime-high. */
const NEW_HEADER_VERSION = 0x0940;
const MAX_BLOCK = 64 * 1024 * 1024;
const MAX_EXTRA = 64 * 1024;
/** Header bytes read at once: every fixed field, a 255-byte name and its checksum fit. */
const HEADER_WINDOW = 512;

interface Header {
  flags: number;
  name: string;
  /** Bytes from the magic to the first block. */
  length: number;
}

export const lzop: Unpacker = {
  name: 'compress/lzop',
  version: 1,
  magic: [{ offset: 0, bytes: MAGIC }],
  async identify(head, reader) {
    return head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC) ? { start: 0, end: reader.size } : null;
  },
  async measure(reader, signal) {
    try {
      return await streamLength(reader, signal);
    } catch (err) {
      if (err instanceof FormatError) return null;
      throw err;
    }
  },
  async extract(ctx) {
    const { reader, chunk } = ctx;
    const header = await readHeader(reader, chunk.start);
    const name = header.name || decompressedName(ctx.fileName, { '.tzo': '.tar', '.lzo': '' });
    await extractSingleStream({ ...ctx, chunk: { start: chunk.start + header.length, end: chunk.end } }, name, (input) =>
      decoderStream(input, (src) => decodeBlocks(src, header.flags)),
    );
  },
};

async function readHeader(reader: Reader, start: number): Promise<Header> {
  const buf = await reader.read(start, HEADER_WINDOW);
  let pos = MAGIC.length;
  const need = (n: number): number => {
    if (pos + n > buf.length) throw new FormatError('truncated', 'lzop header cut short');
    const at = pos;
    pos += n;
    return at;
  };
  if (!buf.subarray(0, MAGIC.length).equals(MAGIC)) throw new FormatError('malformed', 'no lzop magic');
  const version = buf.readUInt16BE(need(2));
  need(2); // library version
  if (version >= NEW_HEADER_VERSION) need(2); // version needed to extract
  const method = buf[need(1)] ?? 0;
  if (version >= NEW_HEADER_VERSION) need(1); // level
  const flags = buf.readUInt32BE(need(4));
  if (flags & F_H_FILTER) need(4);
  need(version >= NEW_HEADER_VERSION ? 12 : 8); // mode, mtime (low, high)
  const nameLength = buf[need(1)] ?? 0;
  const rawName = buf.toString('latin1', need(nameLength), pos);
  const checked = buf.subarray(MAGIC.length, pos);
  const stored = buf.readUInt32BE(need(4));
  const actual = flags & F_H_CRC32 ? crc32(checked) : adler32(checked);
  if (stored !== actual) throw new FormatError('corrupt', 'lzop header checksum mismatch');
  if (!LZO1X_METHODS.has(method)) throw new FormatError('unsupported', `lzop method ${method}`);
  if (flags & F_H_FILTER) throw new FormatError('unsupported', 'lzop data passed through a filter');
  let length = pos;
  if (flags & F_H_EXTRA_FIELD) {
    const extra = (await reader.read(start + pos, 4)).readUInt32BE(0);
    if (extra > MAX_EXTRA) throw new FormatError('malformed', `lzop extra field of ${extra} bytes`);
    length += 4 + extra + 4;
  }
  return { flags, name: safeName(rawName), length };
}

/** The stored name reduced to a base name; empty when there is none worth keeping. */
function safeName(raw: string): string {
  const name = basename(raw.replaceAll('\\', '/').replaceAll('\0', ''));
  return name === '.' || name === '..' ? '' : name;
}

/** Checksum fields that follow a block's two sizes. */
function checksumCount(flags: number, compressed: boolean): number {
  const decoded = Number((flags & F_ADLER32_D) !== 0) + Number((flags & F_CRC32_D) !== 0);
  return compressed ? decoded + Number((flags & F_ADLER32_C) !== 0) + Number((flags & F_CRC32_C) !== 0) : decoded;
}

async function* decodeBlocks(src: ByteSource, flags: number): AsyncGenerator<Buffer> {
  for (let block = 0; ; block++) {
    const decodedSize = (await src.take(4, 'a block header')).readUInt32BE(0);
    if (decodedSize === 0) return;
    const size = (await src.take(4, 'a block header')).readUInt32BE(0);
    checkSizes(decodedSize, size, block);
    const compressed = size < decodedSize;
    const sums = await src.take(4 * checksumCount(flags, compressed), 'block checksums');
    let at = 0;
    const next = (): number => sums.readUInt32BE((at += 4) - 4);
    const adlerD = flags & F_ADLER32_D ? next() : undefined;
    const crcD = flags & F_CRC32_D ? next() : undefined;
    const adlerC = compressed && flags & F_ADLER32_C ? next() : undefined;
    const crcC = compressed && flags & F_CRC32_C ? next() : undefined;
    const data = await src.take(size, 'a block');
    const mismatch = (what: string): FormatError => new FormatError('corrupt', `lzop block ${block}: ${what} checksum mismatch`);
    if (adlerC !== undefined && adler32(data) !== adlerC) throw mismatch('compressed Adler-32');
    if (crcC !== undefined && crc32(data) !== crcC) throw mismatch('compressed CRC-32');
    const out = compressed ? lzo1xDecompress(data, decodedSize) : Buffer.from(data);
    if (out.length !== decodedSize) throw new FormatError('corrupt', `lzop block ${block}: ${out.length} bytes decoded, ${decodedSize} expected`);
    if (adlerD !== undefined && adler32(out) !== adlerD) throw mismatch('Adler-32');
    if (crcD !== undefined && crc32(out) !== crcD) throw mismatch('CRC-32');
    yield out;
  }
}

function checkSizes(decodedSize: number, size: number, block: number): void {
  if (decodedSize > MAX_BLOCK) throw new FormatError('corrupt', `lzop block ${block} of ${decodedSize} bytes exceeds lzop's ${MAX_BLOCK}`);
  if (size === 0 || size > decodedSize) throw new FormatError('corrupt', `lzop block ${block}: ${size} compressed bytes for ${decodedSize}`);
}

/** Bytes of the lzop stream at the reader's start, from its block headers alone. */
async function streamLength(reader: Reader, signal: AbortSignal): Promise<number> {
  const header = await readHeader(reader, 0);
  let pos = header.length;
  for (let block = 0; ; block++) {
    signal.throwIfAborted();
    const sizes = await reader.read(pos, 8);
    if (sizes.length < 4) throw new FormatError('truncated', 'lzop stream ends without its end marker');
    const decodedSize = sizes.readUInt32BE(0);
    if (decodedSize === 0) return pos + 4;
    if (sizes.length < 8) throw new FormatError('truncated', 'lzop block header cut short');
    const size = sizes.readUInt32BE(4);
    checkSizes(decodedSize, size, block);
    pos += 8 + 4 * checksumCount(header.flags, size < decodedSize) + size;
    if (pos > reader.size) throw new FormatError('truncated', `lzop block ${block} runs past the end`);
  }
}
