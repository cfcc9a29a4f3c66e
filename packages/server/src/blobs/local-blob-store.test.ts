import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';

describe('LocalBlobStore', () => {
  let root: string;
  let store: LocalBlobStore;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'binlens-local-blobs-'));
    store = new LocalBlobStore(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts, stats, gets and deletes a blob; a missing one is null or BlobNotFoundError', async () => {
    const blob = await store.put(Readable.from([Buffer.from('image')]), { maxBytes: 10 });
    expect(blob.key).toBe(createHash('sha256').update('image').digest('hex'));
    expect(await store.stat(blob.key)).toEqual({ size: 5 });
    expect(await text(await store.get(blob.key))).toBe('image');
    expect(await store.localPath(blob.key)).toBe(path.join(root, blob.key.slice(0, 2), blob.key.slice(2, 4), blob.key));
    await store.releaseLocalPath();
    expect(await store.stat(blob.key)).toEqual({ size: 5 });
    await store.delete(blob.key);
    expect(await store.stat(blob.key)).toBe(null);
    await expect(store.get(blob.key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});
