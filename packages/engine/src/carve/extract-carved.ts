// Writes what the carver found: each payload as a member named by its offset and
// format (`0x10000.squashfs`), unpacked in the next round like any other file, and
// each unclaimed gap as an `info` problem with its offsets and entropy.
import type { Problem } from '../model/index.ts';
import type { ExtractSink } from '../unpack/safe-fs.ts';
import type { Unpacker } from '../unpack/types.ts';
import type { Reader } from '../util/reader.ts';
import { type CarvedChunk, findChunks } from './carve.ts';
import { gapsBetween, type Gap } from './entropy.ts';

export const CARVE = 'carve';

/** Gap problems per file: a dump of a thousand small gaps says little more than the first ones. */
const MAX_GAPS = 64;

/** File-name extension of a carved payload, by unpacker; the format's own name otherwise. */
const EXTENSIONS: Record<string, string> = {
  'compress/gzip': 'gz',
  'compress/bzip2': 'bz2',
  'compress/zstd': 'zst',
  'compress/lz4': 'lz4',
  'archive/sevenzip': '7z',
  'filesystem/iso9660': 'iso',
  'firmware/uimage': 'uimage',
  'firmware/fit': 'itb',
  'firmware/uefi-volume': 'fv',
};

export interface CarveTarget {
  reader: Reader;
  location: string[];
  sink: ExtractSink;
  signal: AbortSignal;
  report: (p: Problem) => void;
}

/**
 * Carve [from, end of file); returns the number of payloads found. Gaps are reported only
 * when something was. `found`: the payloads `findChunks` already gave for the same range.
 */
export async function extractCarved(target: CarveTarget, unpackers: readonly Unpacker[], from: number, found?: readonly CarvedChunk[]): Promise<number> {
  const { reader, location, sink, signal, report } = target;
  const chunks = found ?? (await findChunks(reader, unpackers, from, signal));
  if (chunks.length === 0) return 0;
  for (const chunk of chunks) {
    if (sink.stopped) break;
    const name = `0x${chunk.start.toString(16)}.${EXTENSIONS[chunk.unpacker.name] ?? chunk.unpacker.name.slice(chunk.unpacker.name.indexOf('/') + 1)}`;
    await sink.file(name, () => reader.stream(chunk.start, chunk.end), {}, signal);
  }
  const gaps = await gapsBetween(reader, chunks, from, reader.size);
  for (const gap of gaps.slice(0, MAX_GAPS)) {
    report({ level: 'info', location, plugin: CARVE, code: 'unclaimed-gap', message: describeGap(gap) });
  }
  if (gaps.length > MAX_GAPS) {
    report({ level: 'info', location, plugin: CARVE, code: 'unclaimed-gap', message: `${gaps.length - MAX_GAPS} more gaps not listed` });
  }
  return chunks.length;
}

/** Sample: `bytes 0x0-0x400 (1024 bytes) claimed by no payload; entropy 7.812 bits/byte`. */
export function describeGap(gap: Gap): string {
  const what = gap.fill === undefined ? `entropy ${gap.entropy} bits/byte` : `padding of 0x${gap.fill.toString(16).padStart(2, '0')}`;
  return `bytes 0x${gap.start.toString(16)}-0x${gap.end.toString(16)} (${gap.end - gap.start} bytes) claimed by no payload; ${what}`;
}
