// Forward search for a trailer signature in bounded windows: a payload's end
// record (xz stream footer, zip end of central directory) is found by reading
// ahead, never by loading the file.
import type { Reader } from '../../util/reader.ts';

const WINDOW = 1024 * 1024;

/** Offsets of `needle` at or after `from`, in file order, each once. */
export async function* occurrences(reader: Reader, needle: Buffer, from: number, signal: AbortSignal): AsyncGenerator<number> {
  for (let pos = from; pos + needle.length <= reader.size; pos += WINDOW) {
    signal.throwIfAborted();
    // `needle.length - 1` bytes of overlap so a needle across two windows is whole in the first.
    const window = await reader.read(pos, WINDOW + needle.length - 1);
    for (let at = window.indexOf(needle); at !== -1 && at < WINDOW; at = window.indexOf(needle, at + 1)) yield pos + at;
  }
}
