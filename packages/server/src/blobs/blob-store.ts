import type { Readable } from 'node:stream';

export interface StoredBlob {
  /** Content address: the sha256 in hex. */
  key: string;
  size: number;
  sha1: string;
  sha256: string;
}

/**
 * Where uploaded bytes live: a local directory by default (local-blob-store.ts), S3-compatible
 * object storage when BINLENS_S3_* is set (s3-blob-store.ts), so workers on other machines
 * read the same blobs.
 */
export interface BlobStore {
  /** Streams `source` into the store; throws BlobTooLargeError past `maxBytes`. */
  put(source: Readable, options: { maxBytes: number; signal?: AbortSignal }): Promise<StoredBlob>;
  /** The blob's bytes; throws BlobNotFoundError when there is no such blob. */
  get(key: string): Promise<Readable>;
  /** The blob's size; null when there is no such blob. */
  stat(key: string): Promise<{ size: number } | null>;
  /** A local file path holding the blob, for the engine to read; releaseLocalPath when done with it. */
  localPath(key: string): Promise<string>;
  /** Ends the use of localPath's file: an object store's local copy is removed, a local blob stays. */
  releaseLocalPath(key: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Removes what uploads cut off by a process's death left behind; the names removed. Called at start. */
  removePartialUploads(): Promise<string[]>;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`No blob ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export class BlobTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The blob exceeds ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}
