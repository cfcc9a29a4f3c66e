import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What is known of a resumable upload before its bytes: who sends what into which group. */
export interface UploadInfo {
  userId: number;
  groupId: number;
  filename: string;
  /** Upload-Length: the size declared at creation. */
  length: number;
  created: string;
  /** The scan the completed upload became. */
  scanId?: number;
}

export interface StoredUpload extends UploadInfo {
  id: string;
  /** Bytes received so far: the part file's size. */
  offset: number;
}

/** 32 hex digits from 16 random bytes: an id that cannot be guessed or name a path. */
const ID_PATTERN = /^[0-9a-f]{32}$/;

export class UploadLengthExceededError extends Error {
  constructor() {
    super('The request carries more bytes than the upload declared');
    this.name = 'UploadLengthExceededError';
  }
}

/**
 * Resumable uploads on disk under `root`: `<id>.json` (UploadInfo) and `<id>.part` (the bytes
 * so far, whose size is the offset). Both survive a restart; nothing else names the files.
 */
export class ResumableUploadStore {
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  async create(info: Omit<UploadInfo, 'created'>, now = new Date()): Promise<StoredUpload> {
    await mkdir(this.#root, { recursive: true });
    const id = randomBytes(16).toString('hex');
    const full: UploadInfo = { ...info, created: now.toISOString() };
    await writeFile(this.#file(id, 'part'), new Uint8Array(), { flag: 'wx' });
    await this.#writeInfo(id, full);
    return { ...full, id, offset: 0 };
  }

  /** The upload, or undefined for an unknown or malformed id. */
  async get(id: string): Promise<StoredUpload | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    let info: UploadInfo;
    try {
      info = JSON.parse(await readFile(this.#file(id, 'json'), 'utf8')) as UploadInfo;
    } catch {
      return undefined;
    }
    if (info.scanId !== undefined) return { ...info, id, offset: info.length };
    try {
      return { ...info, id, offset: (await stat(this.#file(id, 'part'))).size };
    } catch {
      return undefined;
    }
  }

  /**
   * Appends `source` at `offset` (the caller checked it is the current one). Bytes written before
   * the source broke off stay: the offset is the part's size. Throws UploadLengthExceededError
   * at a chunk that would go past the declared length (the chunks before it stay).
   */
  async append(upload: StoredUpload, source: Readable): Promise<number> {
    const part = this.#file(upload.id, 'part');
    const guard = new LengthGuard(upload.length - upload.offset);
    // Piped by hand, not by pipeline(): bytes that arrived before the request broke off or went
    // past the length are flushed to the part (an error would drop the writes still queued), and
    // refusing the bytes must not destroy the request, whose answer (400) is still to be sent.
    let failure: Error | undefined;
    const stop = (error: Error) => {
      failure ??= error;
      source.unpipe(guard);
      guard.end();
    };
    const broken = (error?: Error) => {
      if (!source.readableEnded) stop(error ?? new Error('The request ended before its body'));
    };
    const exceeded = () => {
      stop(new UploadLengthExceededError());
      source.resume();
    };
    source.once('error', broken);
    source.once('close', broken);
    guard.once('exceeded', exceeded);
    source.pipe(guard);
    try {
      await pipeline(guard, createWriteStream(part, { flags: 'r+', start: upload.offset }));
    } finally {
      source.off('error', broken);
      source.off('close', broken);
    }
    if (failure) throw failure;
    return (await stat(part)).size;
  }

  /** The completed bytes, for the blob store. */
  read(upload: StoredUpload): Readable {
    return createReadStream(this.#file(upload.id, 'part'));
  }

  /** Records the scan the upload became and drops its bytes (the blob store holds them now). */
  async complete(upload: StoredUpload, scanId: number): Promise<void> {
    const { id: _id, offset: _offset, ...info } = upload;
    await this.#writeInfo(upload.id, { ...info, scanId });
    await rm(this.#file(upload.id, 'part'), { force: true });
  }

  async remove(id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) return;
    await rm(this.#file(id, 'part'), { force: true });
    await rm(this.#file(id, 'json'), { force: true });
  }

  /** Removes uploads created before `olderThan`, complete or not; answers their ids. */
  async removeCreatedBefore(olderThan: Date): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.#root);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      const id = name.replace(/\.(json|part|tmp)$/, '');
      if (!ID_PATTERN.test(id) || removed.includes(id)) continue;
      const upload = await this.get(id);
      if (upload && new Date(upload.created) >= olderThan) continue;
      // Without readable info (a crash between the two writes of create), the file's own age decides.
      if (!upload && (await stat(path.join(this.#root, name))).mtime >= olderThan) continue;
      await this.remove(id);
      await rm(this.#file(id, 'tmp'), { force: true });
      removed.push(id);
    }
    return removed;
  }

  /** Written whole then renamed, so a crash never leaves half a JSON document. */
  async #writeInfo(id: string, info: UploadInfo): Promise<void> {
    const tmp = this.#file(id, 'tmp');
    await writeFile(tmp, JSON.stringify(info));
    await rename(tmp, this.#file(id, 'json'));
  }

  #file(id: string, kind: 'json' | 'part' | 'tmp'): string {
    if (!ID_PATTERN.test(id)) throw new Error(`Invalid upload id: ${id}`);
    return path.join(this.#root, `${id}.${kind}`);
  }
}

/** Passes at most `remaining` bytes; at a chunk beyond, emits `exceeded` and passes nothing more. */
class LengthGuard extends Transform {
  #remaining: number;
  #exceeded = false;

  constructor(remaining: number) {
    super();
    this.#remaining = remaining;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#exceeded || chunk.length > this.#remaining) {
      if (!this.#exceeded) this.emit('exceeded');
      this.#exceeded = true;
      callback();
      return;
    }
    this.#remaining -= chunk.length;
    callback(null, chunk);
  }
}
