// A minimal ustar writer and reader for knowledge-base bundles: regular files only,
// names under 100 bytes. The reader seeks from header to header (never reading a whole
// file into memory) and hands out each entry's byte range.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';

const BLOCK = 512;

export interface TarEntry {
  readonly name: string;
  readonly size: number;
  /** Offset of the entry's data in the archive. */
  readonly offset: number;
}

/** Writes one regular file entry: header, data from `chunks`, padding. */
export async function writeTarEntry(out: Writable, name: string, size: number, chunks: AsyncIterable<Buffer>): Promise<void> {
  await write(out, tarHeader(name, size));
  let written = 0;
  for await (const chunk of chunks) {
    written += chunk.length;
    await write(out, chunk);
  }
  if (written !== size) throw new Error(`tar entry ${name}: wrote ${written} bytes, declared ${size}`);
  const pad = (BLOCK - (size % BLOCK)) % BLOCK;
  if (pad > 0) await write(out, Buffer.alloc(pad));
}

/** The end-of-archive marker: two zero blocks. */
export async function endTar(out: Writable): Promise<void> {
  await write(out, Buffer.alloc(2 * BLOCK));
}

/** Every entry of an archive, read header by header. Throws on a malformed header. */
export async function readTarEntries(handle: FileHandle): Promise<TarEntry[]> {
  const { size: total } = await handle.stat();
  const entries: TarEntry[] = [];
  const header = Buffer.alloc(BLOCK);
  if (total < 2 * BLOCK) throw new Error('not a tar archive (shorter than its end marker)');
  let offset = 0;
  while (offset + BLOCK <= total) {
    await handle.read(header, 0, BLOCK, offset);
    if (header.every((b) => b === 0)) return entries;
    if (header.toString('latin1', 257, 262) !== 'ustar') throw new Error(`not a tar archive (no ustar header at ${offset})`);
    if (checksum(header) !== Number.parseInt(header.toString('latin1', 148, 156).replace(/\0.*$/s, '').trim(), 8)) {
      throw new Error(`tar header checksum mismatch at ${offset}`);
    }
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isSafeInteger(size) || offset + BLOCK + size > total) throw new Error(`tar entry ${name} runs past the end of the archive`);
    entries.push({ name, size, offset: offset + BLOCK });
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('truncated tar archive (no end marker)');
}

/** The bytes of one entry as a stream. */
export function entryStream(path: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1, highWaterMark: 1 << 20 });
}

function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 99) throw new Error(`tar entry name too long: ${name}`);
  h.write(name, 0, 'utf8');
  h.write('0000644\0', 100, 'latin1');
  h.write('0000000\0', 108, 'latin1');
  h.write('0000000\0', 116, 'latin1');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  h.write(`${Math.floor(Date.now() / 1000).toString(8).padStart(11, '0')}\0`, 136, 'latin1');
  h.write('0', 156, 'latin1');
  h.write('ustar\0', 257, 'latin1');
  h.write('00', 263, 'latin1');
  h.write(`${checksum(h).toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return h;
}

/** The header's byte sum with the checksum field counted as spaces. */
function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

function write(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}
