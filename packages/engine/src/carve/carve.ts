// Carving: for a file no unpacker claims whole (a raw flash dump), find every
// embedded payload by magic at any offset. One pass of the file looks for every
// unpacker's magic (native `indexOf` per magic on 1 MiB windows); each candidate
// is then validated by that unpacker's own `identify` on a view starting there,
// and its real length comes from the header (squashfs bytes_used, uImage size) or
// from `measure` (gzip: inflate to the end of the deflate stream). Claimed bytes
// are skipped; what remains are gaps, reported with their entropy.
import type { Reader } from '../util/reader.ts';
import { HEAD_BYTES, type Unpacker } from '../unpack/types.ts';
import { sliceReader } from './slice-reader.ts';

export interface CarvedChunk {
  start: number;
  end: number;
  unpacker: Unpacker;
}

const WINDOW = 1024 * 1024;
/** Validation attempts per file: a file of nothing but magic bytes must not take forever. */
const MAX_CANDIDATES = 4096;

interface Needle {
  bytes: Buffer;
  /** Distance of the magic from the payload's start. */
  offset: number;
  unpacker: Unpacker;
}

/** Payloads in [from, reader.size), in file order, not overlapping. */
export async function findChunks(reader: Reader, unpackers: readonly Unpacker[], from: number, signal: AbortSignal): Promise<CarvedChunk[]> {
  const needles = unpackers.flatMap((unpacker) => (unpacker.magic ?? []).map((m) => ({ bytes: m.bytes, offset: m.offset, unpacker })));
  const reach = Math.max(0, ...needles.map((n) => n.offset + n.bytes.length));
  const chunks: CarvedChunk[] = [];
  let claimedTo = from;
  let attempts = 0;
  for (let pos = from; pos < reader.size && attempts < MAX_CANDIDATES; ) {
    signal.throwIfAborted();
    const window = await reader.read(pos, WINDOW + reach);
    const candidates = candidatesIn(window, pos, needles, from);
    for (const candidate of candidates) {
      if (candidate.start < claimedTo || attempts >= MAX_CANDIDATES) continue;
      attempts++;
      const end = await validate(reader, candidate, signal);
      if (end === null) continue;
      chunks.push({ start: candidate.start, end, unpacker: candidate.unpacker });
      claimedTo = end;
    }
    pos = Math.max(pos + WINDOW, claimedTo);
  }
  return chunks;
}

/** Payload starts whose magic begins in the window's first WINDOW bytes, sorted. */
function candidatesIn(window: Buffer, base: number, needles: readonly Needle[], from: number): { start: number; unpacker: Unpacker }[] {
  const out: { start: number; unpacker: Unpacker }[] = [];
  const limit = Math.min(window.length, WINDOW);
  for (const needle of needles) {
    // The window holds `reach` bytes more than WINDOW, so a magic that starts in the
    // first WINDOW bytes is whole; the next window takes the ones after.
    for (let at = window.indexOf(needle.bytes); at !== -1 && at < limit; at = window.indexOf(needle.bytes, at + 1)) {
      const start = base + at - needle.offset;
      if (start >= from) out.push({ start, unpacker: needle.unpacker });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Absolute end of the payload at `candidate.start`, or null when it does not parse. */
async function validate(reader: Reader, candidate: { start: number; unpacker: Unpacker }, signal: AbortSignal): Promise<number | null> {
  const view = sliceReader(reader, candidate.start);
  try {
    const chunk = await candidate.unpacker.identify(await view.read(0, HEAD_BYTES), view);
    if (chunk === null || chunk.start !== 0 || chunk.end <= 0) return null;
    // A stream format claims the rest of the file; its own measure says where it really ends.
    const end = chunk.end === view.size && candidate.unpacker.measure ? await candidate.unpacker.measure(view, signal) : chunk.end;
    return end === null || end <= 0 ? null : candidate.start + end;
  } catch (err) {
    if (signal.aborted) throw err;
    return null; // a candidate that makes identify fail is simply not a payload
  }
}
