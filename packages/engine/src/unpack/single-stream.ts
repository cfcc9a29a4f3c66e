// Shared by the compressors (gzip, xz, zstd): one compressed stream in, one file out.
import type { Readable } from 'node:stream';
import { countConsumed } from './safe-fs.ts';
import type { ExtractContext } from './types.ts';

/**
 * Name of the decompressed file, from the compressed file's name:
 * `control.tar.xz` → `control.tar`, `rootfs.tgz` → `rootfs.tar`, `blob` → `blob.out`.
 */
export function decompressedName(fileName: string, suffixes: Record<string, string>): string {
  const lower = fileName.toLowerCase();
  for (const [suffix, replacement] of Object.entries(suffixes)) {
    if (lower.endsWith(suffix) && lower.length > suffix.length) {
      return fileName.slice(0, fileName.length - suffix.length) + replacement;
    }
  }
  return `${fileName || 'input'}.out`;
}

/** Compressed chunks up to this size may be decoded in one call (see `decodeWhole`). */
const WHOLE_INPUT_BYTES = 256 * 1024;
/** Output of a one-call decode: past it, the stream takes over and applies every limit as it goes. */
const WHOLE_OUTPUT_BYTES = 4 * 1024 * 1024;

/**
 * Decode the chunk through `decode` into one member named `name`. A small chunk is
 * first decoded in one call by `decodeWhole` when given (a root file system holds
 * thousands of small .gz files, and a stream pipeline per file costs more than its
 * bytes); when that output would pass 4 MiB, or the input is truncated or corrupt,
 * the stream decodes it instead, so limits, partial output and problems are the same.
 */
export async function extractSingleStream(
  ctx: ExtractContext,
  name: string,
  decode: (compressed: Readable) => Readable,
  decodeWhole?: (compressed: Buffer, maxOutput: number) => Promise<Buffer>,
): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const compressedSize = chunk.end - chunk.start;
  if (decodeWhole && compressedSize <= WHOLE_INPUT_BYTES) {
    const maxOutput = Math.min(WHOLE_OUTPUT_BYTES, sink.budget.fileBytes);
    const whole = await decodeWhole(await reader.read(chunk.start, compressedSize), maxOutput).catch(() => undefined);
    signal.throwIfAborted();
    if (whole !== undefined) {
      await sink.fileBytes(name, whole, { compressedSize });
      return;
    }
  }
  // The ratio is taken against the compressed bytes read so far, not the whole stream's size.
  let consumed = (): number => 0;
  const open = (): Readable => {
    const counted = countConsumed(reader.stream(chunk.start, chunk.end));
    const decoder = decode(counted.stream);
    // node:zlib (gzip, zstd) counts the input its engine has taken: exact, where the
    // counting stream runs ahead by a 64 KiB read (16 MiB of zeros at 250:1).
    const engine = (decoder as Readable & { bytesWritten?: unknown }).bytesWritten;
    consumed = typeof engine === 'number' ? () => (decoder as Readable & { bytesWritten: number }).bytesWritten : counted.consumed;
    return decoder;
  };
  await sink.file(name, open, { compressedSize, consumed: () => consumed() }, signal);
}
