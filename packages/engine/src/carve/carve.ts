// Carving: for a file no unpacker claims whole (a raw flash dump), find every
// embedded payload by magic at any offset. One pass of the file looks for every
// unpacker's magic at once (an Aho-Corasick automaton over 1 MiB windows); each candidate
// is then validated by that unpacker's own `identify` on a view starting there,
// and its real length comes from the header (squashfs bytes_used, uImage size) or
// from `measure` (gzip: inflate to the end of the deflate stream). Claimed bytes
// are skipped; what remains are gaps, reported with their entropy. Besides the unpackers'
// formats, images (PNG, JPEG, GIF: images/registry.ts) are carved; an image that is the
// whole file is not cut out of itself.
// Every carved format has a binary header (NUL bytes, or bytes that are no UTF-8,
// within its first few hundred bytes: sizes, offsets, flags, compressed data), so a
// window that is UTF-8 text without a NUL holds no payload start and is not scanned:
// a root file system's package lists, changelogs and scripts are half its bytes.
import { isUtf8 } from 'node:buffer';
import { AhoCorasick } from '../util/aho-corasick.ts';
import type { Reader } from '../util/reader.ts';
import { HEAD_BYTES } from '../unpack/types.ts';
import type { Carvable } from './images/carvable.ts';
import { IMAGE_FORMATS } from './images/registry.ts';
import { sliceReader } from './slice-reader.ts';

export interface CarvedChunk {
  start: number;
  end: number;
  unpacker: Carvable;
}

const WINDOW = 1024 * 1024;
/** Validation attempts per file: a file of nothing but magic bytes must not take forever. */
const MAX_CANDIDATES = 4096;

interface Needle {
  bytes: Buffer;
  /** Position in the registry's list of magics: ties at one offset are tried in this order. */
  rank: number;
  /** Distance of the magic from the payload's start. */
  offset: number;
  unpacker: Carvable;
}

/** Every magic of a set of unpackers, as one automaton (built once per set). */
interface MagicSearch {
  automaton: AhoCorasick;
  /** Per distinct magic (the automaton's anchor index), the needles that have it. */
  byAnchor: Needle[][];
  /** Longest reach of a magic past its payload's start. */
  reach: number;
}

const SEARCHES = new WeakMap<readonly Carvable[], MagicSearch>();

function magicSearch(given: readonly Carvable[]): MagicSearch {
  const known = SEARCHES.get(given);
  if (known) return known;
  const needles = [...given, ...IMAGE_FORMATS]
    .flatMap((unpacker) => (unpacker.magic ?? []).map((m) => ({ bytes: m.bytes, offset: m.offset, unpacker })))
    .map((needle, rank) => ({ ...needle, rank }));
  const anchors = new Map<string, Needle[]>();
  for (const needle of needles) {
    const key = needle.bytes.toString('latin1');
    anchors.set(key, [...(anchors.get(key) ?? []), needle]);
  }
  const search = {
    automaton: new AhoCorasick([...anchors.keys()].map((key) => Buffer.from(key, 'latin1'))),
    byAnchor: [...anchors.values()],
    reach: Math.max(0, ...needles.map((n) => n.offset + n.bytes.length)),
  };
  SEARCHES.set(given, search);
  return search;
}

/** Payloads in [from, reader.size), in file order, not overlapping. */
export async function findChunks(reader: Reader, unpackers: readonly Carvable[], from: number, signal: AbortSignal): Promise<CarvedChunk[]> {
  const search = magicSearch(unpackers);
  const { reach } = search;
  const chunks: CarvedChunk[] = [];
  let claimedTo = from;
  let attempts = 0;
  for (let pos = from; pos < reader.size && attempts < MAX_CANDIDATES; ) {
    signal.throwIfAborted();
    const window = await reader.read(pos, WINDOW + reach);
    const candidates = isPlainText(window) ? [] : candidatesIn(window, pos, search, from);
    for (const candidate of candidates) {
      if (candidate.start < claimedTo || attempts >= MAX_CANDIDATES) continue;
      attempts++;
      const end = await validate(reader, candidate, signal);
      if (end === null) continue;
      claimedTo = end;
      // An image that is the whole file is no payload of it (nor is a thumbnail inside it).
      if (candidate.start === 0 && end === reader.size && IMAGE_FORMATS.includes(candidate.unpacker)) continue;
      chunks.push({ start: candidate.start, end, unpacker: candidate.unpacker });
    }
    pos = Math.max(pos + WINDOW, claimedTo);
  }
  return chunks;
}

/**
 * UTF-8 without a NUL byte. The window reaches `reach` bytes past the last start it is
 * scanned for, so each payload that could start in it would show its header here.
 */
function isPlainText(window: Buffer): boolean {
  return window.indexOf(0) === -1 && isUtf8(window);
}

/** Payload starts whose magic begins in the window's first WINDOW bytes, sorted. */
function candidatesIn(window: Buffer, base: number, search: MagicSearch, from: number): { start: number; unpacker: Carvable }[] {
  const out: { start: number; rank: number; unpacker: Carvable }[] = [];
  const limit = Math.min(window.length, WINDOW);
  // The window holds `reach` bytes more than WINDOW, so a magic that starts in the
  // first WINDOW bytes is whole; the next window takes the ones after.
  search.automaton.reset();
  search.automaton.feed(window, (hit) => {
    if (hit.start >= limit) return;
    for (const needle of search.byAnchor[hit.anchor] ?? []) {
      const start = base + hit.start - needle.offset;
      if (start >= from) out.push({ start, rank: needle.rank, unpacker: needle.unpacker });
    }
  });
  // Payloads in file order; at one offset, the unpackers in registry order.
  return out.sort((a, b) => a.start - b.start || a.rank - b.rank);
}

/** Absolute end of the payload at `candidate.start`, or null when it does not parse. */
async function validate(reader: Reader, candidate: { start: number; unpacker: Carvable }, signal: AbortSignal): Promise<number | null> {
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
