// Every kind of SquashFS member (fixtures/unpack/squashfs-tree: mksquashfs with 4 KiB
// blocks): blocks and a fragment tail, sparse blocks, a hard link, a symlink, devices,
// a FIFO and a socket, basic and extended inodes (the hard-linked and sparse files, the
// directory of 300 files whose listing spans metadata blocks). Hostile names and a
// directory loop are made by patching the copy whose tables are stored uncompressed:
// no tool writes such images.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { squashfs } from './squashfs.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fixtureTar } from '../../../../test/fixture-tar.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';
import { openReader } from '../../../util/reader.ts';
import { MetadataStore } from '../../layouts/squashfs-metadata.ts';
import { parseSuperblock } from '../../layouts/squashfs-superblock.ts';
import { readInode, readListing } from '../../layouts/squashfs-inodes.ts';

const FUZZ_TIMEOUT = 60_000;
const BIG = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}\n`).join('');
const SPARSE = `${'\0'.repeat(4096)}middle block\n${'\0'.repeat(12288 - 4096 - 13)}`;
const MANY = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`many/file-with-a-long-name-${String(i).padStart(3, '0')}`, '']));
const TREE: Record<string, string> = {
  'big.bin': BIG,
  empty: '',
  ...MANY,
  'one-block.bin': BIG.slice(0, 4096),
  'sparse.bin': SPARSE,
  'sub/big-hardlink': '-> big.bin',
  'sub/deeper/note.txt': 'deep note\n',
  'sub/link': '-> ../one-block.bin',
};

describe('filesystem/squashfs members', async () => {
  const images = await fixtureTar('squashfs-tree/images.tar.xz');
  const xz = images.get('tree-xz.squashfs') ?? Buffer.alloc(0);
  const plain = images.get('tree-plain.squashfs') ?? Buffer.alloc(0);

  it.each([
    ['xz', xz],
    ['uncompressed', plain],
  ])('%s: files, a sparse file, links; devices, FIFO and socket skipped', async (_name, image) => {
    expect(await runUnpacker(squashfs, image)).toEqual({ identified: true, members: TREE, problems: [] });
  });

  it('the file and byte limits cut the walk with one problem', async () => {
    const few = await runUnpacker(squashfs, xz, { maxFiles: 2 });
    expect(few.members).toEqual({ 'big.bin': BIG, empty: '' });
    expect(few.problems.map((p) => [p.code, p.location.join('/')])).toEqual([['limit-exceeded', 'many/file-with-a-long-name-000']]);
    const small = await runUnpacker(squashfs, xz, { maxFileBytes: 5000 });
    expect(Object.keys(small.members)).toEqual(['empty', ...Object.keys(MANY), 'one-block.bin', 'sub/big-hardlink', 'sub/deeper/note.txt', 'sub/link']);
    expect(small.problems.map((p) => [p.code, p.location.join('/')])).toEqual([
      ['limit-exceeded', 'big.bin'],
      ['limit-exceeded', 'sparse.bin'],
    ]);
  });

  it('a name with `/` is refused with a problem, and its subtree left out', async () => {
    const image = Buffer.from(plain);
    const at = image.indexOf('deeper');
    image.write('de/per', at, 'latin1');
    const out = await runUnpacker(squashfs, image);
    expect(out.members).toEqual(Object.fromEntries(Object.entries(TREE).filter(([name]) => !name.includes('deeper'))));
    expect(out.problems.map((p) => [p.code, p.location.join('/'), p.message])).toEqual([
      ['unsafe-path', 'sub/de/per', 'SquashFS entry name "de/per" refused; not extracted'],
    ]);
  });

  it('a directory entry pointing back at the root is a loop, walked once', async () => {
    const image = Buffer.from(plain);
    const rootOffset = Number(image.readBigUInt64LE(32) & 0xffffn);
    // A directory entry: inode offset (u16), inode number delta, type, name size - 1, name.
    const at = image.indexOf('deeper') - 8;
    image.writeUInt16LE(rootOffset, at);
    const out = await runUnpacker(squashfs, image);
    expect(out.members).toEqual(Object.fromEntries(Object.entries(TREE).filter(([name]) => !name.includes('deeper'))));
    expect(out.problems.map((p) => [p.code, p.location.join('/')])).toEqual([['malformed', 'sub/deeper']]);
  });

  it('a damaged data block is a problem of its file only', async () => {
    const image = Buffer.from(xz);
    // The first data block (big.bin's) starts right after the 96-byte superblock.
    image[96 + 40] = (image[96 + 40] ?? 0) ^ 0xff;
    const out = await runUnpacker(squashfs, image);
    expect(out.members).toEqual({ ...TREE, 'big.bin': '' });
    expect(out.problems.map((p) => [p.code, p.location.join('/')])).toEqual([['corrupt', 'big.bin']]);
  });

  it('a damaged root inode or table pointer ends the image with a located error', async () => {
    const badRoot = Buffer.from(plain);
    const sb = parseSuperblock(plain.subarray(0, 96));
    // Stored metadata: the root's block (its offset in the table), its 2-byte header, the inode.
    badRoot.writeUInt16LE(0xff, sb.inodeTable + Number(sb.rootInode >> 16n) + 2 + Number(sb.rootInode & 0xffffn));
    expect(await runUnpacker(squashfs, badRoot)).toEqual({ identified: true, members: {}, problems: [], error: 'corrupt: inode type 255' });
    const badTable = Buffer.from(xz);
    badTable.writeBigUInt64LE(1n << 40n, 72);
    expect((await runUnpacker(squashfs, badTable)).error).toBe(`corrupt: SquashFS directory table at ${1n << 40n}, outside the ${xz.readBigUInt64LE(40)}-byte image`);
  });

  it('a directory listing is read up to the entries the walk may still take', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-test-'));
    try {
      await writeFile(join(dir, 'plain'), plain);
      const reader = await openReader(join(dir, 'plain'));
      const sb = parseSuperblock(plain.subarray(0, 96));
      const store = new MetadataStore(reader, 0, sb.bytesUsed, async (b) => b, sb.order);
      const root = await readInode(store, { block: sb.inodeTable + Number(sb.rootInode >> 16n), offset: Number(sb.rootInode & 0xffffn) }, { blockSize: sb.blockSize, imageBytes: sb.bytesUsed });
      if (root.kind !== 'dir') throw new Error('root is not a directory');
      const listing = (max: number): Promise<string[]> =>
        readListing(store, { block: sb.directoryTable + root.startBlock, offset: root.offset }, root.listingBytes, max).then((es) => es.map((e) => e.name.toString()));
      expect(await listing(3)).toEqual(['big.bin', 'dev', 'empty']);
      expect(await listing(100)).toEqual(['big.bin', 'dev', 'empty', 'many', 'one-block.bin', 'sparse.bin', 'sub']);
      await reader.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fuzzed images never throw or escape', async () => {
    await fuzzUnpacker(squashfs, [xz, plain], 60, 96);
  }, FUZZ_TIMEOUT);
});
