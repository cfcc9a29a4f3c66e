// Shared by Intel HEX and Motorola S-record: text lines in, a flat binary image
// out. Data records land at their addresses; the image starts at the lowest
// address and holes are filled with 0xff (erased flash), as `objcopy -O binary`
// and `srec_cat -o x.bin -binary` do.
import { Readable } from 'node:stream';
import type { ExtractContext } from '../types.ts';
import { FormatError } from '../types.ts';

/** A record is at most ~520 characters; a longer line is not one of these formats. */
const MAX_LINE = 1024;
/** Highest minus lowest address: a sparse 4 GiB image of two bytes is not worth writing. */
const MAX_SPAN = 256 * 1024 * 1024;
const PIECE = 1024 * 1024;

export interface Segment {
  address: number;
  data: Buffer;
}

/** Lines of the chunk, CR/LF stripped, each numbered from 1. */
export async function* lines(ctx: ExtractContext): AsyncGenerator<{ text: string; number: number }> {
  let rest = '';
  let number = 0;
  for await (const piece of ctx.reader.stream(ctx.chunk.start, ctx.chunk.end)) {
    ctx.signal.throwIfAborted();
    const parts = (rest + (piece as Buffer).toString('latin1')).split('\n');
    rest = parts.pop() ?? '';
    if (rest.length > MAX_LINE) throw new FormatError('malformed', `line ${number + parts.length + 1} is longer than ${MAX_LINE} characters`, ctx.location);
    for (const part of parts) yield { text: part.trimEnd(), number: ++number };
  }
  if (rest.trim() !== '') yield { text: rest.trimEnd(), number: number + 1 };
}

/** Bytes of a record's hex digits; undefined for an odd count or a non-hex digit. */
export function hexBytes(text: string): Buffer | undefined {
  // Sample: `100000007465737420737472696E6720696E2066FC`.
  if (text.length % 2 !== 0 || !/^[0-9A-Fa-f]*$/.test(text)) return undefined;
  return Buffer.from(text, 'hex');
}

/** Write `segments` as one flat image named `name`, holes filled with 0xff. */
export async function writeImage(ctx: ExtractContext, name: string, segments: Segment[]): Promise<void> {
  if (segments.length === 0) return;
  const sorted = [...segments].sort((a, b) => a.address - b.address);
  const base = sorted[0]?.address ?? 0;
  const last = sorted.at(-1);
  const span = last ? last.address + last.data.length - base : 0;
  if (span > MAX_SPAN) {
    throw new FormatError('unsupported', `data spans ${span} bytes from 0x${base.toString(16)}; images over ${MAX_SPAN} bytes are not written`, ctx.location);
  }
  const compressedSize = ctx.chunk.end - ctx.chunk.start;
  await ctx.sink.file(name, () => Readable.from(flatten(sorted, base)), { compressedSize }, ctx.signal);
}

function* flatten(sorted: Segment[], base: number): Generator<Buffer> {
  let pos = base;
  for (const { address, data } of sorted) {
    for (let gap = address - pos; gap > 0; gap -= PIECE) yield Buffer.alloc(Math.min(gap, PIECE), 0xff);
    // Overlapping records: the first one written to an address keeps it.
    const skip = Math.max(0, pos - address);
    if (skip < data.length) yield data.subarray(skip);
    pos = Math.max(pos, address + data.length);
  }
}

/** `firmware.hex` → `firmware.bin`; other names get `.bin` appended. */
export function imageName(fileName: string, suffixes: readonly string[]): string {
  const lower = fileName.toLowerCase();
  const suffix = suffixes.find((s) => lower.endsWith(s) && lower.length > s.length);
  return `${suffix ? fileName.slice(0, fileName.length - suffix.length) : fileName || 'image'}.bin`;
}
