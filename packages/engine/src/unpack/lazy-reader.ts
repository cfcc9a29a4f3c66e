// A Reader for a member whose size and first bytes are already known: most members
// are matched by no unpacker from their first bytes alone, so opening them would be
// wasted work. The file is opened on the first read beyond the known head.
import { Readable } from 'node:stream';
import { MAX_READ, fileStream, openReader, type Reader } from '../util/reader.ts';

/**
 * `head` must be the file's first bytes (all of them when the file is that short, or
 * kept whole). `ready`, when given, resolves once the file is on disk (written in the
 * background): it is awaited before the file is first opened.
 */
export function lazyReader(path: string, size: number, head: Buffer, ready?: () => Promise<void>): Reader {
  let opened: Promise<Reader> | undefined;
  let closed = false;
  const real = (): Promise<Reader> => {
    if (closed) return Promise.reject(new Error(`${path}: reader closed`));
    opened ??= ready ? ready().then(() => openReader(path)) : openReader(path);
    return opened;
  };
  return {
    path,
    size,
    async read(offset, length) {
      if (Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && length <= MAX_READ) {
        const end = Math.min(offset + length, size);
        if (end <= head.length) return Buffer.from(head.subarray(Math.min(offset, end), end));
      }
      // Everything else, bad windows included, is the real reader's to serve or refuse.
      return (await real()).read(offset, length);
    },
    stream(start, end) {
      const last = Math.min(end, size) - 1;
      // A range inside the known bytes (a small member kept whole) needs no file.
      if (Number.isSafeInteger(start) && start >= 0 && last < head.length) return Readable.from(last < start ? [] : [Buffer.from(head.subarray(start, last + 1))], { objectMode: false });
      // An empty range needs no file, nor waits for it.
      if (last < start) return Readable.from([]);
      if (ready === undefined) return fileStream(path, size, start, end);
      return Readable.from(
        (async function* () {
          await ready();
          yield* fileStream(path, size, start, end);
        })(),
        { objectMode: false },
      );
    },
    async close() {
      closed = true;
      const reader = await opened?.catch(() => undefined);
      await reader?.close();
    },
  };
}
