// Android sparse images (libsparse, `img2simg`): a 28-byte header, then chunks
// of raw blocks, a 4-byte fill pattern, "don't care" (holes) and CRC32 markers.
// The expanded image is one member (`system.simg` → `system.img`), which the
// next round unpacks (ext4, erofs...). Holes expand to zeros under the scan's
// byte limits; every chunk header is checked against the image header.
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import { decompressedName } from '../../single-stream.ts';

const MAGIC = 0xed26ff3a;
const FILE_HEADER = 28;
const CHUNK_HEADER = 12;
const RAW = 0xcac1;
const FILL = 0xcac2;
const DONT_CARE = 0xcac3;
const CRC32 = 0xcac4;
/** Largest piece read or generated at once. */
const PIECE = 1024 * 1024;

interface Header {
  fileHeader: number;
  chunkHeader: number;
  blockSize: number;
  totalBlocks: number;
  totalChunks: number;
}

export const androidSparse: Unpacker = {
  name: 'filesystem/android-sparse',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x3a, 0xff, 0x26, 0xed]) }],
  async identify(head, reader) {
    return parseHeader(head) === undefined ? null : { start: 0, end: reader.size };
  },
  async measure(reader, signal) {
    const header = parseHeader(await reader.read(0, FILE_HEADER));
    if (!header) return null;
    let end = 0;
    try {
      for await (const chunk of chunks(reader, 0, reader.size, header)) {
        signal.throwIfAborted();
        end = chunk.next;
      }
    } catch (err) {
      if (err instanceof FormatError) return null;
      throw err;
    }
    return end;
  },
  extract,
};

function parseHeader(head: Buffer): Header | undefined {
  if (head.length < FILE_HEADER || head.readUInt32LE(0) !== MAGIC || head.readUInt16LE(4) !== 1) return undefined;
  const header = {
    fileHeader: head.readUInt16LE(8),
    chunkHeader: head.readUInt16LE(10),
    blockSize: head.readUInt32LE(12),
    totalBlocks: head.readUInt32LE(16),
    totalChunks: head.readUInt32LE(20),
  };
  const { fileHeader, chunkHeader, blockSize } = header;
  // libsparse itself writes 28/12 and needs block sizes that are multiples of 4.
  if (fileHeader < FILE_HEADER || fileHeader > 1024 || chunkHeader < CHUNK_HEADER || chunkHeader > 1024) return undefined;
  if (blockSize === 0 || blockSize % 4 !== 0 || blockSize > 64 * 1024 * 1024) return undefined;
  return header;
}

interface Chunk {
  type: number;
  /** Output blocks this chunk stands for. */
  blocks: number;
  /** Where its payload starts and where the next chunk header starts. */
  data: number;
  next: number;
}

/** The chunk headers in order, each validated; a bad one is a FormatError. */
async function* chunks(reader: Reader, start: number, end: number, header: Header): AsyncGenerator<Chunk> {
  let pos = start + header.fileHeader;
  let blocks = 0;
  for (let i = 0; i < header.totalChunks; i++) {
    const raw = await reader.read(pos, CHUNK_HEADER);
    if (raw.length < CHUNK_HEADER || pos + header.chunkHeader > end) throw new FormatError('truncated', `chunk ${i} header at ${pos} is past the end`);
    const type = raw.readUInt16LE(0);
    const count = raw.readUInt32LE(4);
    const total = raw.readUInt32LE(8);
    const payload = total - header.chunkHeader;
    const expected = type === RAW ? count * header.blockSize : type === FILL || type === CRC32 ? 4 : type === DONT_CARE ? 0 : -1;
    if (expected < 0) throw new FormatError('malformed', `chunk ${i} at ${pos} has unknown type 0x${type.toString(16)}`);
    if (payload !== expected) throw new FormatError('malformed', `chunk ${i} at ${pos}: ${total} bytes for ${count} blocks`);
    if (type !== CRC32) blocks += count;
    if (blocks > header.totalBlocks) throw new FormatError('malformed', `chunk ${i} at ${pos} runs past the ${header.totalBlocks} blocks of the image`);
    const data = pos + header.chunkHeader;
    yield { type, blocks: type === CRC32 ? 0 : count, data, next: data + payload };
    pos = data + payload;
  }
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const header = parseHeader(await reader.read(chunk.start, FILE_HEADER));
  if (!header) throw new FormatError('malformed', 'sparse image header', ctx.location);
  const name = decompressedName(ctx.fileName, { '.simg': '.img', '.sparse': '', '.img': '.raw.img' });
  const open = (): Readable => Readable.from(expand(reader, chunk.start, chunk.end, header), { objectMode: false });
  await sink.file(name, open, {}, signal);
}

/** The expanded image: raw blocks copied, fills repeated, holes as zeros (also up to total_blks). */
async function* expand(reader: Reader, start: number, end: number, header: Header): AsyncGenerator<Buffer> {
  let written = 0;
  for await (const c of chunks(reader, start, end, header)) {
    const bytes = c.blocks * header.blockSize;
    if (c.type === RAW) {
      if (c.next > end) throw new FormatError('truncated', `raw chunk at ${c.data} is past the end`);
      for (let at = 0; at < bytes; at += PIECE) yield await reader.read(c.data + at, Math.min(PIECE, bytes - at));
    } else if (c.type === FILL) {
      const pattern = await reader.read(c.data, 4);
      if (pattern.length < 4) throw new FormatError('truncated', `fill chunk at ${c.data} is past the end`);
      const piece = Buffer.alloc(Math.min(PIECE, bytes), pattern);
      for (let at = 0; at < bytes; at += piece.length) yield piece.subarray(0, Math.min(piece.length, bytes - at));
    } else if (c.type === DONT_CARE) {
      yield* zeros(bytes);
    }
    written += bytes;
  }
  // Images may end before total_blks; the rest of the image is unwritten (zeros).
  yield* zeros(header.totalBlocks * header.blockSize - written);
}

function* zeros(bytes: number): Generator<Buffer> {
  const piece = Buffer.alloc(Math.min(PIECE, Math.max(0, bytes)));
  for (let at = 0; at < bytes; at += piece.length) yield piece.subarray(0, Math.min(piece.length, bytes - at));
}
