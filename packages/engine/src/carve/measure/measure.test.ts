// Carving the payloads whose length only parsing gives: fixtures/unpack/carve-streams/
// streams.bin holds xz, bzip2 (three blocks), zstd (two frames), lz4, zip and a GNU tar
// (record-padded), each at an odd offset between pseudo-random filler; the offsets
// below are the ones its make.sh printed.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findChunks } from '../carve.ts';
import { gapsBetween } from '../entropy.ts';
import { UNPACKERS } from '../../unpack/registry.ts';
import { openReader, type Reader } from '../../util/reader.ts';
import { mutate, rng } from '../../../test/fuzz.ts';
import { measureBzip2 } from './bzip2.ts';
import { measureLz4 } from './lz4.ts';
import { measureTar } from './tar.ts';
import { measureXz } from './xz.ts';
import { measureZip } from './zip.ts';
import { measureZstd } from './zstd.ts';

const BLOB = readFileSync(fileURLToPath(new URL('../../../fixtures/unpack/carve-streams/streams.bin', import.meta.url)));
const signal = new AbortController().signal;

const PAYLOADS = [
  { name: 'compress/xz', start: 777, end: 7385, measure: measureXz },
  { name: 'compress/bzip2', start: 7721, end: 29465, measure: measureBzip2 },
  { name: 'compress/zstd', start: 29803, end: 32782, measure: measureZstd },
  { name: 'compress/lz4', start: 33121, end: 40673, measure: measureLz4 },
  { name: 'archive/zip', start: 41015, end: 45570, measure: measureZip },
  { name: 'archive/tar', start: 45913, end: 66393, measure: measureTar },
];

/** A Reader over bytes in memory, so the fuzz loop needs no file per input. */
function memoryReader(bytes: Buffer): Reader {
  return {
    path: 'memory',
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
    stream: (start, end) => Readable.from([bytes.subarray(start, end)]),
    close: async () => undefined,
  };
}

describe('carving measured payloads', () => {
  it('finds each payload with its exact extent and reports the filler between them as gaps', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-carve-'));
    try {
      await writeFile(join(dir, 'blob'), BLOB);
      const reader = await openReader(join(dir, 'blob'));
      try {
        const chunks = await findChunks(reader, UNPACKERS, 0, signal);
        expect(chunks.map((c) => [c.unpacker.name, c.start, c.end])).toEqual(PAYLOADS.map((p) => [p.name, p.start, p.end]));
        const gaps = await gapsBetween(reader, chunks, 0, reader.size);
        expect(gaps.map((g) => [g.start, g.end])).toEqual([
          [0, 777],
          [7385, 7721],
          [29465, 29803],
          [32782, 33121],
          [40673, 41015],
          [45570, 45913],
          [66393, 66739],
        ]);
        expect(gaps.every((g) => g.fill === undefined && g.entropy > 7)).toBe(true);
      } finally {
        await reader.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each(PAYLOADS)('$name: measured alone, with trailing bytes, and refused when cut short', async ({ start, end, measure }) => {
    const payload = BLOB.subarray(start, end);
    expect(await measure(memoryReader(payload), signal)).toBe(payload.length);
    expect(await measure(memoryReader(BLOB.subarray(start)), signal)).toBe(payload.length);
    expect(await measure(memoryReader(payload.subarray(0, payload.length / 2)), signal)).toBeNull();
  });

  it('fuzzed payloads (flipped, cut, spliced) are measured within their bytes or refused, never thrown', async () => {
    const next = rng(0x6d65);
    for (const { start, end, measure } of PAYLOADS) {
      for (let i = 0; i < 150; i++) {
        const input = mutate(BLOB.subarray(start, end), next);
        const length = await measure(memoryReader(input), signal);
        expect(length === null || (length > 0 && length <= input.length)).toBe(true);
      }
      for (let i = 0; i < 50; i++) {
        const input = Buffer.from(Array.from({ length: 64 + (next() % 4096) }, () => next() & 0xff));
        input.set(BLOB.subarray(start, start + 4)); // a real magic, then noise
        const length = await measure(memoryReader(input), signal);
        expect(length === null || (length > 0 && length <= input.length)).toBe(true);
      }
    }
  }, 60_000);
});
