// gzip (RFC 1952). Node's gunzip reads concatenated members and ignores trailing
// garbage after the last one. The stored file name (FNAME) is used when present;
// otherwise the name loses its suffix (an OpenWrt `.ipk` is a gzip'd tar).
import { createGunzip, createInflateRaw, gunzipSync } from 'node:zlib';
import { basename } from 'node:path';
import type { Unpacker } from '../../types.ts';
import { pipeThrough, type Reader } from '../../../util/reader.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';

const FLAG_FHCRC = 0x02;
const FLAG_FEXTRA = 0x04;
const FLAG_FNAME = 0x08;
const FLAG_FCOMMENT = 0x10;
/** CRC32 + ISIZE after the deflate data. */
const TRAILER = 8;

export const gzip: Unpacker = {
  name: 'compress/gzip',
  version: 2,
  magic: [{ offset: 0, bytes: Buffer.from([0x1f, 0x8b, 0x08]) }],
  async identify(head, reader) {
    // ID1 ID2 CM=8 (deflate); the flags byte's reserved bits 5-7 must be zero.
    if (head.length < 18 || head[0] !== 0x1f || head[1] !== 0x8b || head[2] !== 8) return null;
    if (((head[3] ?? 0) & 0xe0) !== 0) return null;
    return { start: 0, end: reader.size };
  },
  measure: memberLength,
  async extract(ctx) {
    const stored = storedName(ctx.reader.size > 0 ? await ctx.reader.read(0, 1024) : Buffer.alloc(0));
    const name = stored ?? decompressedName(ctx.fileName, { '.tgz': '.tar', '.ipk': '.tar', '.gz': '', '.z': '' });
    await extractSingleStream(
      ctx,
      name,
      (input) => pipeThrough(input, createGunzip()),
      gunzipWhole,
    );
  },
};

/**
 * A small stream decoded in one call on this thread: the unpacking waits for it either way,
 * and a thread-pool round trip per file (a root file system holds a thousand .gz files) costs
 * more than decoding most of them.
 */
function gunzipWhole(input: Buffer, maxOutputLength: number): Promise<Buffer> {
  try {
    return Promise.resolve(gunzipSync(input, { maxOutputLength }));
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/** FNAME from the header (latin-1, NUL-terminated), reduced to a base name. */
function storedName(head: Buffer): string | undefined {
  const flags = head[3] ?? 0;
  if (!(flags & FLAG_FNAME)) return undefined;
  let pos = 10;
  if (flags & FLAG_FEXTRA) pos += 2 + head.readUInt16LE(Math.min(pos, head.length - 2));
  const end = head.indexOf(0, pos);
  if (end <= pos) return undefined;
  const name = basename(head.toString('latin1', pos, end).replaceAll('\\', '/'));
  return name === '' || name === '..' || name === '.' ? undefined : name;
}

/**
 * Length of the first gzip member: header, then the deflate stream inflated to its
 * end (zlib stops at the final block and counts what it consumed), then the trailer.
 */
async function memberLength(reader: Reader, signal: AbortSignal): Promise<number | null> {
  const header = headerLength(await reader.read(0, 64 * 1024));
  if (header === undefined) return null;
  const inflate = createInflateRaw();
  const done = new Promise<boolean>((resolve) => {
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(true));
    inflate.resume(); // output is counted by zlib, not kept
  });
  const input = reader.stream(header, reader.size);
  input.on('error', (err) => inflate.destroy(err));
  input.pipe(inflate);
  const onAbort = (): void => void inflate.destroy(new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const ok = await done;
    signal.throwIfAborted();
    const end = header + inflate.bytesWritten + TRAILER;
    return ok && end <= reader.size ? end : null;
  } finally {
    signal.removeEventListener('abort', onAbort);
    input.destroy();
  }
}

/** Bytes of the gzip header (FEXTRA, FNAME, FCOMMENT, FHCRC), or undefined past the buffer. */
function headerLength(head: Buffer): number | undefined {
  const flags = head[3] ?? 0;
  let pos = 10;
  if (flags & FLAG_FEXTRA) pos += 2 + (head.length >= pos + 2 ? head.readUInt16LE(pos) : 0);
  for (const flag of [FLAG_FNAME, FLAG_FCOMMENT]) {
    if (!(flags & flag)) continue;
    const nul = head.indexOf(0, pos);
    if (nul < 0) return undefined;
    pos = nul + 1;
  }
  if (flags & FLAG_FHCRC) pos += 2;
  return pos <= head.length ? pos : undefined;
}
