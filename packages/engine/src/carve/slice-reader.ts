// A Reader over [start, end) of another: an embedded payload seen as a file of
// its own, so every unpacker's `identify` can be asked about any offset.
import type { Reader } from '../util/reader.ts';

export function sliceReader(reader: Reader, start: number, end = reader.size): Reader {
  const size = Math.max(0, Math.min(end, reader.size) - start);
  return {
    path: reader.path,
    size,
    read: (offset, length) => reader.read(start + offset, Math.max(0, Math.min(length, size - offset))),
    stream: (from, to) => reader.stream(start + from, start + Math.min(to, size)),
    close: async () => undefined,
  };
}
