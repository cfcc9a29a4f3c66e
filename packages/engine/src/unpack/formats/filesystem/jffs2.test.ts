// JFFS2: the little-endian zlib fixture and a tiny big-endian rtime image.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jffs2 } from './jffs2.ts';
import { rtimeDecompress } from '../../codecs/rtime.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

/** Fuzzing runs many inputs (7-Zip ones start a WebAssembly module each): slow under a loaded test run. */
const FUZZ_TIMEOUT = 60_000;

const LE = readFileSync(new URL('../../../../fixtures/unpack/jffs2/rootfs.jffs2', import.meta.url));
/**
 * mkfs.jffs2 -q -U -b -x zlib -e 0x10000 -d r (big endian, rtime), r: d/a.txt
 * "abababababababab hello hello hello\n", x.txt 5000 × "x", l -> d/a.txt.
 */
const BE = gunzipSync(Buffer.from('H4sIAAAAAAACA5NsVWBmYGDg+ZBwZ4Zk6wNGIFvzgo8rN5AGsUGAKZu5aAkjCwODoHrEX6/7Sx1T/v//D1TLBJRzWfJeyQ6kBqLe8S1UDwNIDwwzYAHuS3KXY7EPhJnB9nExMFwM2WHowqJbnIOwz9skwH49SA1E7cL/UOPYsdjHDsUMfafub7q26+7LFP1EvZKKkv9Qe3WvKzYKQe0Emc0C0svKwcDw6/RntyzLryEVYNVwu1PmNzJ9A6mD6GmE2iPcgcVuBQYGAbCh/8y8P9mU5Myp+I8fQu3wWWWyigdqBxNuOwRAgkCXMneAI2H/xWu7HkTcgJrVjuY/Jmh4scL8l7wnlYX9JMPyRFT/RWx4V1cIUofqPwZlLP4TAYmDNAktV93ydW/opESGJD4FhgyGVIYcIMxnUODmYgAAO7LUEVwCAAA=', 'base64'));
const NUMBERS = Array.from({ length: 2000 }, (_, i) => `${i + 1}\n`).join('');

describe('filesystem/jffs2', () => {
  it('little endian, zlib: files over several pages, a symlink and a hard link', async () => {
    const out = await runUnpacker(jffs2, LE);
    expect(out.problems).toEqual([]);
    expect(out.members).toEqual({
      'etc/banner': 'hello from jffs2\n',
      'etc/banner.hard': '-> etc/banner',
      'etc/config/system': "config system\n\toption hostname 'binlens'\n",
      'etc/motd': '-> banner',
      'usr/lib/node_modules/left-pad/package.json': '{"name":"left-pad","version":"1.3.0","license":"WTFPL"}\n',
      'usr/lib/numbers.txt': NUMBERS,
    });
  });

  it('big endian, rtime', async () => {
    expect(await runUnpacker(jffs2, BE)).toEqual({
      identified: true,
      members: { 'd/a.txt': 'abababababababab hello hello hello\n', l: '-> d/a.txt', 'x.txt': 'x'.repeat(5000) },
      problems: [],
    });
  });

  it('rtime: a repeat past the output is malformed, short input truncated', () => {
    expect(rtimeDecompress(Buffer.from([0x61, 3]), 4).toString()).toBe('aaaa'); // copies overlap, as in the kernel
    expect(() => rtimeDecompress(Buffer.from([0x61, 9]), 4)).toThrow(/past/);
    expect(() => rtimeDecompress(Buffer.from([0x61]), 4)).toThrow(/ends/);
  });

  it('a corrupted node is skipped with a problem; the rest still comes out', async () => {
    const bad = Buffer.from(LE);
    const at = bad.indexOf('numbers.txt');
    expect(at).toBeGreaterThan(0);
    bad[at] = 0x4e; // breaks the dirent's name CRC: numbers.txt is no longer named
    const out = await runUnpacker(jffs2, bad);
    expect(out.members['etc/banner']).toBe('hello from jffs2\n');
    expect(out.members['usr/lib/numbers.txt']).toBeUndefined();
    expect(out.problems.map((p) => p.code)).toEqual(['corrupt']);
  });

  it('not JFFS2: a magic whose header CRC fails', async () => {
    expect((await runUnpacker(jffs2, Buffer.concat([Buffer.from([0x85, 0x19, 0x03, 0x20]), Buffer.alloc(60)]))).identified).toBe(false);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(jffs2, [LE, BE], 100, 12);
  }, FUZZ_TIMEOUT);
});
