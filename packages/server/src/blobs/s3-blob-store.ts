import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { processPrefix, removeDeadProcessEntries } from '../lib/process-files.ts';
import { BlobNotFoundError, type BlobStore, type StoredBlob } from './blob-store.ts';
import { HashingMeter } from './local-blob-store.ts';
import type { S3Settings } from './s3-settings.ts';

const KEY_PATTERN = /^[0-9a-f]{64}$/; // a sha256 in hex
/** Parts of a streamed upload: memory stays at about PART_SIZE × QUEUE_SIZE whatever the blob's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** CopyObject copies at most 5 GiB; larger blobs are copied in parts of 1 GiB. */
const MAX_SINGLE_COPY = 5 * 1024 ** 3;
const COPY_PART_SIZE = 1024 ** 3;

/**
 * Content-addressed objects `blobs/<sha256>` in an S3-compatible bucket. An upload streams to
 * `tmp/<uuid>` in parts while it is hashed, then is copied to its key, so a half-written blob
 * is never visible under a key. The engine reads local files: localPath downloads the blob
 * (checking its hash) into `cacheDir`, shared by the scans of this process that need it.
 */
export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #cacheDir: string;
  readonly #copies = new Map<string, { file: Promise<string>; users: number }>();

  constructor(settings: S3Settings, cacheDir: string) {
    this.#client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
    this.#bucket = settings.bucket;
    this.#cacheDir = cacheDir;
  }

  /** Local copies of dead processes; multipart uploads cut off by a kill are for the bucket's lifecycle rule (README). */
  async removePartialUploads(): Promise<string[]> {
    return removeDeadProcessEntries(this.#cacheDir);
  }

  async put(source: Readable, options: { maxBytes: number; signal?: AbortSignal }): Promise<StoredBlob> {
    const tmpKey = `tmp/${randomUUID()}`;
    const meter = new HashingMeter(options.maxBytes);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: tmpKey, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    try {
      await Promise.all([pipeline(source, meter, body, options.signal ? { signal: options.signal } : {}), upload.done()]);
      const blob = meter.result();
      if (!(await this.stat(blob.key))) await this.#copy(tmpKey, this.#objectKey(blob.key), blob.size);
      return blob;
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    } finally {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: tmpKey })).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`The object store answered no body for blob ${key}`);
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async localPath(key: string): Promise<string> {
    const held = this.#copies.get(key);
    if (held) {
      held.users += 1;
      return held.file;
    }
    const copy = { file: this.#download(key), users: 1 };
    this.#copies.set(key, copy);
    copy.file.catch(() => this.#copies.delete(key));
    return copy.file;
  }

  async releaseLocalPath(key: string): Promise<void> {
    const held = this.#copies.get(key);
    if (!held) return;
    held.users -= 1;
    if (held.users > 0) return;
    this.#copies.delete(key);
    const file = await held.file.catch(() => undefined);
    if (file) await rm(file, { force: true });
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) }));
  }

  /** Ends the client's connections (tests, shutdown). */
  destroy(): void {
    this.#client.destroy();
  }

  async #download(key: string): Promise<string> {
    await mkdir(this.#cacheDir, { recursive: true });
    const file = path.join(this.#cacheDir, `${processPrefix()}${key}`);
    const partial = `${file}.${randomUUID()}.part`;
    try {
      const meter = new HashingMeter(Number.MAX_SAFE_INTEGER);
      await pipeline(await this.get(key), meter, createWriteStream(partial));
      // The key is the content's sha256: a copy that does not match it is never scanned.
      if (meter.result().sha256 !== key) throw new Error(`Blob ${key} read from the object store does not match its hash`);
      await rename(partial, file);
      return file;
    } finally {
      await rm(partial, { force: true });
    }
  }

  async #copy(from: string, to: string, size: number): Promise<void> {
    const source = `${this.#bucket}/${from}`;
    if (size <= MAX_SINGLE_COPY) {
      await this.#client.send(new CopyObjectCommand({ Bucket: this.#bucket, Key: to, CopySource: source }));
      return;
    }
    const { UploadId } = await this.#client.send(new CreateMultipartUploadCommand({ Bucket: this.#bucket, Key: to }));
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, number = 1; start < size; start += COPY_PART_SIZE, number += 1) {
        const end = Math.min(size, start + COPY_PART_SIZE) - 1;
        const part = await this.#client.send(
          new UploadPartCopyCommand({ Bucket: this.#bucket, Key: to, UploadId, PartNumber: number, CopySource: source, CopySourceRange: `bytes=${start}-${end}` }),
        );
        parts.push({ ETag: part.CopyPartResult?.ETag ?? '', PartNumber: number });
      }
      await this.#client.send(new CompleteMultipartUploadCommand({ Bucket: this.#bucket, Key: to, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.#client.send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: to, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  #objectKey(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`);
    return `blobs/${key}`;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
