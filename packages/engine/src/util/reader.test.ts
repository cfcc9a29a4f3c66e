import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_READ, memoryReader, openReader, openSource, openSourceSync, type Reader } from './reader.ts';

// A file kept in memory must read as the same file on disk does.
describe('memoryReader', () => {
  let dir: string;
  let path: string;
  const bytes = Buffer.from('0123456789abcdef');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-reader-'));
    path = join(dir, 'f');
    await writeFile(path, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const windows: [number, number][] = [
    [0, 4],
    [10, 100],
    [16, 4],
    [40, 4],
    [0, 0],
  ];

  it('reads and streams the windows a file reader gives, as fresh copies', async () => {
    const onDisk = await openReader(path);
    // A view into a larger buffer, as a kept member may be.
    const inMemory = memoryReader(path, Buffer.concat([Buffer.from('xx'), bytes]).subarray(2));
    try {
      expect(inMemory.size).toBe(onDisk.size);
      for (const [offset, length] of windows) {
        const read = await inMemory.read(offset, length);
        expect(read).toEqual(await onDisk.read(offset, length));
        expect(await text(inMemory.stream(offset, offset + length))).toBe(await text(onDisk.stream(offset, offset + length)));
        read.fill(0x21);
      }
      expect(await inMemory.read(0, 4)).toEqual(Buffer.from('0123'));
    } finally {
      await onDisk.close();
      await inMemory.close();
    }
  });

  it('refuses the windows a file reader refuses', async () => {
    const inMemory = memoryReader(path, bytes);
    const refusals = async (reader: Reader) =>
      Promise.all([reader.read(-1, 2), reader.read(0, MAX_READ + 1), reader.read(0.5, 2)].map((p) => p.then(() => 'read', (err: Error) => err.message)));
    const onDisk = await openReader(path);
    try {
      expect(await refusals(inMemory)).toEqual(await refusals(onDisk));
    } finally {
      await onDisk.close();
    }
  });

  it('openSourceSync reads, streams and refuses as openReader does', async () => {
    const onDisk = await openReader(path);
    const blocking = openSourceSync({ diskPath: path });
    const refusals = async (reader: Reader) =>
      Promise.all([reader.read(-1, 2), reader.read(0, MAX_READ + 1), reader.read(0.5, 2)].map((p) => p.then(() => 'read', (err: Error) => err.message)));
    try {
      expect(blocking.size).toBe(16);
      for (const [offset, length] of windows) {
        expect(await blocking.read(offset, length)).toEqual(await onDisk.read(offset, length));
        expect(await text(blocking.stream(offset, offset + length))).toBe(await text(onDisk.stream(offset, offset + length)));
      }
      expect(await refusals(blocking)).toEqual(await refusals(onDisk));
    } finally {
      await onDisk.close();
      await blocking.close();
      await blocking.close();
    }
    expect((await openSourceSync({ diskPath: join(dir, 'never-written'), contents: Buffer.from('kept') }).read(0, 10)).toString()).toBe('kept');
    expect(() => openSourceSync({ diskPath: join(dir, 'missing') })).toThrow(/ENOENT/);
  });

  it('openSource: the kept bytes when there are some, else the file', async () => {
    const kept = await openSource({ diskPath: join(dir, 'never-written'), contents: Buffer.from('kept') });
    expect((await kept.read(0, 10)).toString()).toBe('kept');
    const file = await openSource({ diskPath: path });
    expect((await file.read(0, 4)).toString()).toBe('0123');
    await file.close();
  });
});
