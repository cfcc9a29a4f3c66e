// Writes one extracted member to the work directory. Most members are small (a
// root file system holds thousands of few-KiB files): those are held in memory and
// written in one synchronous call at the end, which costs a fraction of a file
// stream's open, write and close requests, each waiting its turn in the thread pool.
// A member that grows past SMALL_MEMBER_BYTES is streamed, so memory stays bounded.
import { type WriteStream, createWriteStream, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';

export const SMALL_MEMBER_BYTES = 64 * 1024;

export class MemberWriter extends Writable {
  readonly #path: string;
  #held: Buffer[] = [];
  #heldBytes = 0;
  #file: WriteStream | undefined;

  /** `path` must not exist: the file is created exclusively ('wx'), so it cannot write through a link. */
  constructor(path: string) {
    super();
    this.#path = path;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.#file === undefined && this.#heldBytes + chunk.length <= SMALL_MEMBER_BYTES) {
      // A copy: a decoder may reuse the memory of a chunk it has handed on.
      this.#held.push(Buffer.from(chunk));
      this.#heldBytes += chunk.length;
      callback();
      return;
    }
    const file = this.#file ?? this.#openFile();
    if (file.write(chunk)) callback();
    else file.once('drain', () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    const file = this.#file;
    if (file === undefined) {
      callback(this.#writeHeld());
      return;
    }
    file.once('close', () => callback());
    file.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const file = this.#file;
    if (file === undefined) {
      // A source that failed keeps the bytes it gave (maybe none), as a streamed member does.
      if (!this.writableFinished) this.#writeHeld();
      callback(error);
      return;
    }
    if (file.closed) {
      callback(error);
      return;
    }
    file.once('close', () => callback(error));
    // Flush what was queued: a failing source keeps the bytes it gave.
    if (file.destroyed) return;
    file.end();
  }

  #openFile(): WriteStream {
    const file = createWriteStream(this.#path, { flags: 'wx' });
    file.on('error', (err) => this.destroy(err));
    for (const part of this.#held) file.write(part);
    this.#held = [];
    this.#heldBytes = 0;
    this.#file = file;
    return file;
  }

  #writeHeld(): Error | undefined {
    try {
      writeFileSync(this.#path, Buffer.concat(this.#held, this.#heldBytes), { flag: 'wx' });
      this.#held = [];
      this.#heldBytes = 0;
      return undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  }
}
