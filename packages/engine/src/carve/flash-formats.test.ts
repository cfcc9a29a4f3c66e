// Carving finds UBI, bare UBIFS, Android boot images and lzop streams inside a
// flash dump by their magic, each with its real length from its own headers.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findChunks } from './carve.ts';
import { UNPACKERS } from '../unpack/registry.ts';
import { openReader } from '../util/reader.ts';

const fixture = (path: string): Buffer => readFileSync(new URL(`../../fixtures/unpack/${path}`, import.meta.url));
const UBI = gunzipSync(fixture('ubi/flash.ubi.gz'));
const UBIFS = gunzipSync(fixture('ubifs/rootfs.ubifs.gz'));
const BOOT = fixture('android-boot/boot.img');
const LZOP = fixture('lzop/rootfs.tar.lzo');

describe('carving flash formats', () => {
  it('finds each payload at its offset with its header-computed length', async () => {
    const parts: [string | null, Buffer][] = [
      [null, Buffer.alloc(8192)],
      ['filesystem/ubi', UBI],
      [null, Buffer.alloc(5000, 0xff)],
      ['firmware/android-boot', BOOT],
      [null, Buffer.alloc(3000)],
      ['filesystem/ubifs', UBIFS],
      [null, Buffer.alloc(1000, 0xff)],
      ['compress/lzop', LZOP],
      [null, Buffer.alloc(700)],
    ];
    const expected: [string, number, number][] = [];
    let offset = 0;
    for (const [name, bytes] of parts) {
      if (name) expected.push([name, offset, offset + bytes.length]);
      offset += bytes.length;
    }
    const dir = await mkdtemp(join(tmpdir(), 'binlens-carve-'));
    try {
      await writeFile(join(dir, 'dump.bin'), Buffer.concat(parts.map(([, bytes]) => bytes)));
      const reader = await openReader(join(dir, 'dump.bin'));
      try {
        const chunks = await findChunks(reader, UNPACKERS, 0, new AbortController().signal);
        expect(chunks.map((c) => [c.unpacker.name, c.start, c.end])).toEqual(expected);
      } finally {
        await reader.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
