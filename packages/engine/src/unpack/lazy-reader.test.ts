import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReader } from '../util/reader.ts';
import { lazyReader } from './lazy-reader.ts';

describe('lazyReader', () => {
  let dir: string;
  let path: string;
  const bytes = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-lazy-'));
    path = join(dir, 'file');
    await writeFile(path, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves reads inside the head without touching the file', async () => {
    const reader = lazyReader(join(dir, 'missing'), bytes.length, bytes.subarray(0, 8));
    expect((await reader.read(2, 4)).toString()).toBe('2345');
    expect((await reader.read(0, 8)).toString()).toBe('01234567');
    await reader.close();
  });

  it('opens the file for reads beyond the head, answering as a real reader does', async () => {
    const lazy = lazyReader(path, bytes.length, bytes.subarray(0, 8));
    const real = await openReader(path);
    for (const [offset, length] of [[4, 10], [15, 100], [30, 4], [0, 20]] as const) {
      expect(await lazy.read(offset, length)).toEqual(await real.read(offset, length));
    }
    await expect(lazy.read(-1, 4)).rejects.toThrow(RangeError);
    expect(await text(lazy.stream(5, 12))).toBe('56789ab');
    expect(await text(lazy.stream(12, 5))).toBe('');
    await lazy.close();
    await real.close();
    await expect(lazy.read(10, 4)).rejects.toThrow('reader closed');
  });

  it('keeps a short file entirely in its head', async () => {
    const reader = lazyReader(join(dir, 'missing'), 3, Buffer.from('xyz'));
    expect((await reader.read(0, 512)).toString()).toBe('xyz');
    expect((await reader.read(5, 10)).length).toBe(0);
    await reader.close();
  });

  it('streams a range inside the known bytes from memory, and beyond them from the file', async () => {
    const inMemory = lazyReader(join(dir, 'missing'), bytes.length, bytes);
    expect(await text(inMemory.stream(3, 9))).toBe('345678');
    expect(await text(inMemory.stream(5, 5))).toBe('');
    await inMemory.close();
    const partly = lazyReader(path, bytes.length, bytes.subarray(0, 8));
    expect(await text(partly.stream(6, 12))).toBe('6789ab');
    await partly.close();
  });
});
