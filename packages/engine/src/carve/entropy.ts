// The bytes no payload claimed: where they are and what they look like. Shannon
// entropy in bits per byte (0 = one value repeated, 8 = random or encrypted).
import type { Reader } from '../util/reader.ts';

export interface Gap {
  start: number;
  end: number;
  entropy: number;
  /** The byte value when the gap is one value repeated (0xff erased flash, 0x00). */
  fill?: number;
}

const PIECE = 1024 * 1024;

/** The stretches of [from, to) outside `claimed` (sorted, non-overlapping), with their entropy. */
export async function gapsBetween(reader: Reader, claimed: readonly { start: number; end: number }[], from: number, to: number): Promise<Gap[]> {
  const gaps: Gap[] = [];
  let pos = from;
  for (const chunk of [...claimed, { start: to, end: to }]) {
    if (chunk.start > pos) gaps.push(await measureGap(reader, pos, chunk.start));
    pos = Math.max(pos, chunk.end);
  }
  return gaps;
}

async function measureGap(reader: Reader, start: number, end: number): Promise<Gap> {
  const counts = new Float64Array(256);
  for (let pos = start; pos < end; pos += PIECE) {
    const piece = await reader.read(pos, Math.min(PIECE, end - pos));
    for (const byte of piece) counts[byte] = (counts[byte] ?? 0) + 1;
  }
  const total = end - start;
  let entropy = 0;
  let distinct = 0;
  let value = 0;
  for (let b = 0; b < 256; b++) {
    const n = counts[b] ?? 0;
    if (n === 0) continue;
    distinct++;
    value = b;
    const p = n / total;
    entropy -= p * Math.log2(p);
  }
  const gap: Gap = { start, end, entropy: Math.round(entropy * 1000) / 1000 || 0 };
  if (distinct === 1) gap.fill = value;
  return gap;
}
