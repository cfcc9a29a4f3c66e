// Bounded, positioned reads on a file handle. Parsers never slurp a whole input:
// they ask for a window at an offset, and a window is capped so that a lying length
// field cannot make us allocate gigabytes.
import { open, type FileHandle } from 'node:fs/promises';
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';

/** The largest single read a parser may ask for; bigger payloads must be streamed. */
export const MAX_READ = 16 * 1024 * 1024;

export interface Reader {
  readonly path: string;
  readonly size: number;
  /** Up to `length` bytes at `offset`; shorter only at end of file. Throws above MAX_READ. */
  read(offset: number, length: number): Promise<Buffer>;
  /** The bytes [start, end) as a stream, read in chunks, never all at once. */
  stream(start: number, end: number): Readable;
  close(): Promise<void>;
}

/** Where a file's bytes are: on disk, and (a small member kept whole) in memory too. */
export interface FileSource {
  diskPath?: string;
  /** The whole file, when kept in memory: read instead of the disk. */
  contents?: Uint8Array;
}

/** A reader of the file's bytes in memory when kept, else on disk. */
export function openSource(source: FileSource): Promise<Reader> {
  const path = source.diskPath ?? '';
  return source.contents === undefined ? openReader(path) : Promise.resolve(memoryReader(path, source.contents));
}

/**
 * openSource with blocking calls, for a worker thread that reads one file at a time: its reads
 * then take no turn on the thread pool, which the scan's thread writes its members with.
 */
export function openSourceSync(source: FileSource): Reader {
  const path = source.diskPath ?? '';
  if (source.contents !== undefined) return memoryReader(path, source.contents);
  const fd = openSync(path, 'r');
  let size: number;
  try {
    size = fstatSync(fd).size;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  let closed = false;
  return {
    path,
    size,
    read(offset, length) {
      try {
        const want = checkedWindow(offset, length, size);
        // Not zero-filled: a short read hands out only the bytes it read.
        const buf = Buffer.allocUnsafe(want);
        let got = 0;
        while (got < want) {
          const bytesRead = readSync(fd, buf, got, want - got, offset + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return Promise.resolve(got === want ? buf : buf.subarray(0, got));
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    stream: (start, end) => fileStream(path, size, start, end),
    close() {
      if (!closed) closeSync(fd);
      closed = true;
      return Promise.resolve();
    },
  };
}

/** The bytes a read of `length` at `offset` gives in a file of `size`; throws for a window refused. */
function checkedWindow(offset: number, length: number, size: number): number {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) {
    throw new RangeError(`bad read window ${offset}+${length}`);
  }
  if (length > MAX_READ) throw new RangeError(`read of ${length} bytes exceeds MAX_READ`);
  return Math.max(0, Math.min(length, size - offset));
}

export async function openReader(path: string): Promise<Reader> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return makeReader(path, handle, size);
  } catch (err) {
    await handle.close();
    throw err;
  }
}

function makeReader(path: string, handle: FileHandle, size: number): Reader {
  return {
    path,
    size,
    async read(offset, length) {
      const want = checkedWindow(offset, length, size);
      // Not zero-filled: a short read hands out only the bytes it read.
      const buf = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await handle.read(buf, got, want - got, offset + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return got === want ? buf : buf.subarray(0, got);
    },
    stream: (start, end) => fileStream(path, size, start, end),
    close: () => handle.close(),
  };
}

/**
 * The bytes [start, end) of the file at `path` (`size` bytes long) as a stream. A stream of 16 MiB
 * or more (a layer of an image, a disk image) reads 1 MiB at a time, not 64 KiB: a sixteenth of
 * the thread pool's round trips.
 */
export function fileStream(path: string, size: number, start: number, end: number): Readable {
  const last = Math.min(end, size) - 1;
  // An empty range: createReadStream with end < start would read to EOF.
  if (last < start) return Readable.from([]);
  const length = last + 1 - start;
  return createReadStream(path, { start, end: last, highWaterMark: length >= 16 * 1024 * 1024 ? 1024 * 1024 : 64 * 1024 });
}

/**
 * A Reader over a whole file's bytes in memory (`path` holds the same bytes on disk). Reads
 * are copies, bounded and refused as a file's are.
 */
export function memoryReader(path: string, contents: Uint8Array): Reader {
  const bytes = Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  const size = bytes.length;
  return {
    path,
    size,
    read(offset, length) {
      let want: number;
      try {
        want = checkedWindow(offset, length, size);
      } catch (err) {
        return Promise.reject(err as Error);
      }
      // Not zero-filled: the copy writes every byte of it.
      const buf = Buffer.allocUnsafe(want);
      if (want > 0) bytes.copy(buf, 0, offset, offset + want);
      return Promise.resolve(buf);
    },
    stream(start, end) {
      const last = Math.min(end, size) - 1;
      if (last < start) return Readable.from([]);
      // A window a file stream would refuse (negative, fractional) is refused by one.
      if (!Number.isSafeInteger(start) || start < 0) return createReadStream(path, { start, end: last });
      return Readable.from([Buffer.from(bytes.subarray(start, last + 1))], { objectMode: false });
    },
    close: () => Promise.resolve(),
  };
}

/**
 * A cursor that serves small reads from a cached window, for walking many small
 * headers (zip central directory) without one syscall per field.
 */
export class WindowedReader {
  #reader: Reader;
  #windowSize: number;
  #start = 0;
  #buf: Buffer = Buffer.alloc(0);

  constructor(reader: Reader, windowSize = 1024 * 1024) {
    this.#reader = reader;
    this.#windowSize = windowSize;
  }

  /** Exactly `length` bytes at `offset`, or a shorter buffer at end of file. */
  async read(offset: number, length: number): Promise<Buffer> {
    const end = offset + length;
    if (offset < this.#start || end > this.#start + this.#buf.length) {
      this.#start = offset;
      this.#buf = await this.#reader.read(offset, Math.max(length, this.#windowSize));
    }
    return this.#buf.subarray(offset - this.#start, Math.min(end - this.#start, this.#buf.length));
  }
}

/**
 * `source.pipe(transform)` with errors and early ends carried both ways: a failing
 * source fails the transform, a destroyed transform (limit hit) closes the source.
 */
export function pipeThrough<T extends NodeJS.ReadWriteStream & { destroy(err?: Error): unknown }>(
  source: Readable,
  transform: T,
): T {
  source.on('error', (err) => transform.destroy(err));
  transform.on('close', () => source.destroy());
  source.pipe(transform);
  return transform;
}
