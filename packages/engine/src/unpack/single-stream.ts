// Shared by the compressors (gzip, xz, zstd): one compressed stream in, one file out.
import type { Readable } from 'node:stream';
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

/** Decode the chunk through `decode` into one member named `name`. */
export async function extractSingleStream(
  ctx: ExtractContext,
  name: string,
  decode: (compressed: Readable) => Readable,
): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  await sink.file(name, () => decode(reader.stream(chunk.start, chunk.end)), { compressedSize: chunk.end - chunk.start }, signal);
}
