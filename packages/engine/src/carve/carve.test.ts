// Carving a raw flash dump: fixtures/unpack/carve-flash/flash.bin is a vendor
// header, a gzip kernel at 0x200, 0xff padding, a SquashFS at 0x10000, padding.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findChunks } from './carve.ts';
import { gapsBetween } from './entropy.ts';
import { describeGap } from './extract-carved.ts';
import { sliceReader } from './slice-reader.ts';
import { UNPACKERS } from '../unpack/registry.ts';
import type { Unpacker } from '../unpack/types.ts';
import { rng } from '../../test/fuzz.ts';
import { withReader } from '../../test/reader.ts';

const FLASH = readFileSync(fileURLToPath(new URL('../../fixtures/unpack/carve-flash/flash.bin', import.meta.url)));
const signal = new AbortController().signal;


const summary = (chunks: Awaited<ReturnType<typeof findChunks>>) => chunks.map((c) => [c.unpacker.name, c.start, c.end]);

describe('carving', () => {
  it('finds the gzip kernel and the 64 KiB-aligned SquashFS with their exact extents', async () => {
    await withReader(FLASH, async (reader) => {
      const chunks = await findChunks(reader, UNPACKERS, 0, signal);
      expect(summary(chunks)).toEqual([
        ['compress/gzip', 0x200, 0x276],
        ['filesystem/squashfs', 0x10000, 0x1027d],
      ]);
      const gaps = await gapsBetween(reader, chunks, 0, reader.size);
      expect(gaps.map((g) => [g.start, g.end, g.fill])).toEqual([
        [0, 0x200, undefined],
        [0x276, 0x10000, 0xff],
        [0x1027d, 0x30000, undefined],
      ]);
      expect(gaps[0]?.entropy).toBeGreaterThan(7);
      expect(describeGap(gaps[1] ?? { start: 0, end: 0, entropy: 0 })).toBe('bytes 0x276-0x10000 (64906 bytes) claimed by no payload; padding of 0xff');
    });
  });

  it('a payload whose magic straddles two scan windows is still found', async () => {
    const gz = gzipSync(Buffer.from('straddling payload\n'.repeat(50)));
    const at = 1024 * 1024 - 1;
    const blob = Buffer.concat([Buffer.alloc(at, 0xff), gz, Buffer.alloc(4096, 0xff)]);
    await withReader(blob, async (reader) => {
      expect(summary(await findChunks(reader, UNPACKERS, 0, signal))).toEqual([['compress/gzip', at, at + gz.length]]);
    });
  });

  it('a magic that does not validate is no payload', async () => {
    const blob = Buffer.concat([Buffer.alloc(100, 0xff), Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3]), Buffer.alloc(200, 0x55), Buffer.from('hsqs'), Buffer.alloc(200)]);
    await withReader(blob, async (reader) => {
      expect(await findChunks(reader, UNPACKERS, 0, signal)).toEqual([]);
    });
  });

  it('UTF-8 text without a NUL is not scanned; a payload in text is found', async () => {
    const asked: number[] = [];
    const spy: Unpacker = {
      name: 'test/spy',
      version: 1,
      magic: [{ offset: 0, bytes: Buffer.from('MAGIC') }],
      identify: async (_head, reader) => {
        asked.push(reader.size);
        return null;
      },
      extract: async () => undefined,
    };
    const text = Buffer.from('Package: zlib1g\nDescription: compression — MAGIC inside text\n'.repeat(40));
    await withReader(text, async (reader) => {
      expect(await findChunks(reader, [spy], 0, signal)).toEqual([]);
    });
    expect(asked).toEqual([]);
    // One NUL makes the window binary: the magic is tried.
    const binary = Buffer.concat([text, Buffer.from([0])]);
    await withReader(binary, async (reader) => {
      expect(await findChunks(reader, [spy], 0, signal)).toEqual([]);
    });
    expect(asked.length).toBe(40);
    // A gzip payload between two runs of text is found, text included in its window.
    const gz = gzipSync(Buffer.from('kernel\n'.repeat(100)));
    await withReader(Buffer.concat([text, gz, text]), async (reader) => {
      expect(summary(await findChunks(reader, UNPACKERS, 0, signal))).toEqual([['compress/gzip', text.length, text.length + gz.length]]);
    });
  });

  it('a slice reader never reads outside its window', async () => {
    await withReader(Buffer.from('0123456789'), async (reader) => {
      const view = sliceReader(reader, 3, 7);
      expect([view.size, (await view.read(0, 100)).toString(), (await view.read(2, 5)).toString()]).toEqual([4, '3456', '56']);
    });
  });

  it('fuzzed dumps (payloads cut, shifted, overwritten) never throw and chunks never overlap', async () => {
    const next = rng(0xca4e);
    for (let i = 0; i < 40; i++) {
      const blob = Buffer.from(FLASH.subarray(next() % 0x300, 0x10000 + (next() % 0x20000)));
      for (let j = 0; j < 8; j++) blob[next() % blob.length] = next() & 0xff;
      await withReader(blob, async (reader) => {
        const chunks = await findChunks(reader, UNPACKERS, 0, signal);
        for (const [k, c] of chunks.entries()) {
          expect(c.start < c.end && c.end <= blob.length).toBe(true);
          expect(k === 0 || c.start >= (chunks[k - 1]?.end ?? 0)).toBe(true);
        }
      });
    }
  }, 60_000);
});
