import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFile, hashFileInThread, hashFileSync } from './hash.ts';

describe('hashFile and hashFileInThread', () => {
  let dir: string;
  let file: string;
  const bytes = Buffer.from(Array.from({ length: 3 * 256 * 1024 + 17 }, (_, i) => (i * 31) % 251));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'binlens-hash-'));
    file = join(dir, 'input.bin');
    await writeFile(file, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('give the digests of the whole file, on this thread or another', async () => {
    const expected = { sha1: createHash('sha1').update(bytes).digest('hex'), sha256: createHash('sha256').update(bytes).digest('hex') };
    const signal = new AbortController().signal;
    expect(await hashFile(file, signal)).toEqual(expected);
    expect(hashFileSync(file)).toEqual(expected);
    expect(await hashFileInThread(file, signal)).toEqual(expected);
    // The digests of no bytes, as published.
    await writeFile(join(dir, 'empty'), '');
    expect(await hashFileInThread(join(dir, 'empty'), signal)).toEqual({
      sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
  });

  it("the thread fails with the file's error, and stops when the scan is aborted", async () => {
    await expect(hashFileInThread(join(dir, 'missing'), new AbortController().signal)).rejects.toMatchObject({ code: 'ENOENT' });
    const abort = new AbortController();
    const hashing = hashFileInThread(file, abort.signal);
    abort.abort(new Error('stopped'));
    await expect(hashing).rejects.toThrow('stopped');
    expect(() => hashFileInThread(file, abort.signal)).toThrow('stopped');
  });
});
