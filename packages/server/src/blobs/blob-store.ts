import type { Readable } from 'node:stream';

export interface StoredBlob {
  /** Content address: the sha256 in hex. */
  key: string;
  size: number;
  sha1: string;
  sha256: string;
}

/** Where uploaded bytes live. Local directory by default; object storage later. */
export interface BlobStore {
  /** Streams `source` into the store; throws BlobTooLargeError past `maxBytes`. */
  put(source: Readable, options: { maxBytes: number; signal?: AbortSignal }): Promise<StoredBlob>;
  /** A local file path holding the blob, for the engine to read. */
  localPath(key: string): Promise<string>;
  delete(key: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The blob exceeds ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}
