import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackS3, startLoopbackS3 } from '../../test/s3-server.ts';
import { BlobNotFoundError, BlobTooLargeError } from './blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');

describe('S3BlobStore against an S3-compatible server on loopback', () => {
  let s3: LoopbackS3;
  let cacheDir: string;
  let store: S3BlobStore;

  beforeAll(async () => {
    s3 = await startLoopbackS3();
    cacheDir = await mkdtemp(path.join(tmpdir(), 'binlens-s3-cache-'));
    store = new S3BlobStore(s3.settings, cacheDir);
  });
  afterAll(async () => {
    store.destroy();
    await s3.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('puts, stats, gets and deletes a blob by its sha256', async () => {
    const blob = await store.put(Readable.from([Buffer.from('firmware '), Buffer.from('image')]), { maxBytes: 1000 });
    expect(blob).toEqual({ key: sha256('firmware image'), size: 14, sha1: sha1('firmware image'), sha256: sha256('firmware image') });
    expect(await store.stat(blob.key)).toEqual({ size: 14 });
    expect(await text(await store.get(blob.key))).toBe('firmware image');
    await store.delete(blob.key);
    expect(await store.stat(blob.key)).toBe(null);
  });

  it('answers null and BlobNotFoundError for a missing key', async () => {
    const missing = sha256('never stored');
    expect(await store.stat(missing)).toBe(null);
    await expect(store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.localPath(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('streams a large blob in parts and gives the engine a local copy it removes when released', async () => {
    // 40 MiB in 1 MiB chunks, each different: five 8 MiB parts.
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1));
    const whole = Buffer.concat(chunks);
    const blob = await store.put(Readable.from(chunks), { maxBytes: 100 * 1024 * 1024 });
    expect([blob.key, blob.size]).toEqual([sha256(whole), 40 * 1024 * 1024]);
    expect(await store.stat(blob.key)).toEqual({ size: 40 * 1024 * 1024 });

    const [first, second] = await Promise.all([store.localPath(blob.key), store.localPath(blob.key)]);
    expect(second).toBe(first);
    expect(sha256(await readFile(first ?? ''))).toBe(blob.key);
    await store.releaseLocalPath(blob.key);
    expect(await readdir(cacheDir)).toEqual([path.basename(first ?? '')]);
    await store.releaseLocalPath(blob.key);
    expect(await readdir(cacheDir)).toEqual([]);
    await store.delete(blob.key);
  });

  it('refuses a blob past maxBytes and keeps nothing of it', async () => {
    await expect(store.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.stat(sha256(Buffer.alloc(1200)))).toBe(null);
  });
});
