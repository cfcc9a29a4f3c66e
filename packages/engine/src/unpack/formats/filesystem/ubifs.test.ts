// UBIFS: a bare zlib image, the LZO and zstd volumes of the UBI fixture, damaged
// data nodes, a cut image, a missing master node, and fuzzing.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ubifs } from './ubifs.ts';
import { ubi } from './ubi.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { unpackBytes } from '../../../../test/unpack-bytes.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const FUZZ_TIMEOUT = 60_000;
const BARE = gunzipSync(readFileSync(new URL('../../../../fixtures/unpack/ubifs/rootfs.ubifs.gz', import.meta.url)));
const FLASH = gunzipSync(readFileSync(new URL('../../../../fixtures/unpack/ubi/flash.ubi.gz', import.meta.url)));
const LEB = 15360;
const SYSTEM = "config system\n\toption hostname 'binlens'\n";
const lines = (n: number): string => Array.from({ length: n }, (_, i) => `${i + 1}\n`).join('');

async function volume(name: string): Promise<Buffer> {
  const out = await unpackBytes(ubi, FLASH);
  const bytes = out.files.get(name);
  if (!bytes) throw new Error(`no volume ${name}`);
  return bytes;
}

/** Offset of the first data node of `size` uncompressed bytes. */
function dataNodeOf(image: Buffer, size: number): number {
  for (let at = image.indexOf(Buffer.from([0x31, 0x18, 0x10, 0x06])); at !== -1; at = image.indexOf(Buffer.from([0x31, 0x18, 0x10, 0x06]), at + 1)) {
    if (image[at + 20] === 1 && image.readUInt32LE(at + 40) === size) return at;
  }
  throw new Error('no such data node');
}

describe('filesystem/ubifs', () => {
  it('a bare zlib image: files over several blocks, directories, a symlink', async () => {
    expect(await runUnpacker(ubifs, BARE)).toEqual({
      identified: true,
      members: { 'etc/config/system': SYSTEM, 'etc/system.conf': '-> config/system', 'usr/share/doc/numbers.txt': lines(2500) },
      problems: [],
    });
  });

  it('the LZO volume of the UBI image: a hard link, a hole, a FIFO left out', async () => {
    const out = await runUnpacker(ubifs, await volume('rootfs.ubifs'));
    expect(out.problems).toEqual([]);
    expect(out.members).toEqual({
      'etc/banner': 'hello from ubifs\n',
      'etc/banner.hard': '-> etc/banner',
      'etc/motd': '-> banner',
      'usr/lib/node_modules/left-pad/package.json': '{"name":"left-pad","version":"1.3.0","license":"WTFPL"}\n',
      'usr/lib/numbers.txt': lines(3000),
      'var/holey.bin': `head${'\0'.repeat(12284)}tail\n`,
    });
  });

  it('the zstd volume', async () => {
    expect((await runUnpacker(ubifs, await volume('data.ubifs'))).members).toEqual({ 'config/system': SYSTEM });
  });

  it('a damaged data node is a problem at its file; the other files still come out', async () => {
    const bad = Buffer.from(BARE);
    const at = dataNodeOf(bad, 4096);
    bad[at + 60] = (bad[at + 60] ?? 0) ^ 0x55;
    const out = await runUnpacker(ubifs, bad);
    expect(out.members['etc/config/system']).toBe(SYSTEM);
    expect(out.problems.map((p) => [p.code, p.location, p.message])).toEqual([
      ['corrupt', ['usr/share/doc/numbers.txt'], 'data node of block 0 is missing or damaged after 0 bytes'],
    ]);
  });

  it('an image cut before its index gives a problem, not a crash', async () => {
    const out = await runUnpacker(ubifs, BARE.subarray(0, 3 * LEB));
    expect(out.members).toEqual({});
    expect(out.problems.map((p) => [p.code, p.message])).toEqual([['corrupt', '1 UBIFS index entries point at missing or damaged nodes']]);
  });

  it('no intact master node is a corrupt image', async () => {
    const bad = Buffer.from(BARE);
    bad.fill(0xff, LEB, 3 * LEB);
    expect((await runUnpacker(ubifs, bad)).error).toBe('corrupt: no intact UBIFS master node in LEB 1 or 2');
    expect((await runUnpacker(ubifs, BARE.subarray(0, 5000))).error).toBe('corrupt: no intact UBIFS master node in LEB 1 or 2');
  });

  it('not UBIFS: a node that is not a superblock, or whose CRC fails', async () => {
    const bad = Buffer.from(BARE.subarray(0, LEB));
    bad[40] = (bad[40] ?? 0) ^ 1;
    expect((await runUnpacker(ubifs, bad)).identified).toBe(false);
    expect((await runUnpacker(ubifs, BARE.subarray(LEB, 2 * LEB))).identified).toBe(false);
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(ubifs, [BARE], 100, 24);
  }, FUZZ_TIMEOUT);
});
