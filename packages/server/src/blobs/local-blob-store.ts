import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { processPrefix, removeDeadProcessEntries } from '../lib/process-files.ts';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError, type StoredBlob } from './blob-store.ts';

const KEY_PATTERN = /^[0-9a-f]{64}$/; // a sha256 in hex, e.g. e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855

/**
 * Content-addressed files under `root`: `ab/cd/abcd…` by sha256. Bytes go to a temporary
 * file while hashing and are renamed into place, so a half-written blob is never visible.
 */
export class LocalBlobStore implements BlobStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  /**
   * Removes the partial uploads of processes that died mid-upload (kill -9, power loss): their
   * temporary files carry the writer's pid. Called at start; returns the names removed.
   */
  async removePartialUploads(): Promise<string[]> {
    return removeDeadProcessEntries(this.#tmpDir());
  }

  async put(source: Readable, options: { maxBytes: number; signal?: AbortSignal }): Promise<StoredBlob> {
    const tmpDir = this.#tmpDir();
    await mkdir(tmpDir, { recursive: true });
    const tmpFile = path.join(tmpDir, `${processPrefix()}${randomUUID()}`);
    const meter = new HashingMeter(options.maxBytes);
    try {
      await pipeline(source, meter, createWriteStream(tmpFile), options.signal ? { signal: options.signal } : {});
      const blob = meter.result();
      const target = this.#pathOf(blob.key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmpFile, target);
      return blob;
    } finally {
      await rm(tmpFile, { force: true });
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.#pathOf(key);
    if (!(await this.stat(key))) throw new BlobNotFoundError(key);
    return createReadStream(file);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.#pathOf(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async localPath(key: string): Promise<string> {
    const file = this.#pathOf(key);
    await access(file);
    return file;
  }

  /** The blob is the local file: nothing to release. */
  async releaseLocalPath(): Promise<void> {}

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  #tmpDir(): string {
    return path.join(this.#root, 'tmp');
  }

  #pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`);
    return path.join(this.#root, key.slice(0, 2), key.slice(2, 4), key);
  }
}

export class HashingMeter extends Transform {
  readonly #sha1 = createHash('sha1');
  readonly #sha256 = createHash('sha256');
  readonly #maxBytes: number;
  #size = 0;

  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#size > this.#maxBytes) {
      callback(new BlobTooLargeError(this.#maxBytes));
      return;
    }
    this.#sha1.update(chunk);
    this.#sha256.update(chunk);
    callback(null, chunk);
  }

  result(): StoredBlob {
    const sha256 = this.#sha256.digest('hex');
    return { key: sha256, size: this.#size, sha1: this.#sha1.digest('hex'), sha256 };
  }
}
