// Writes one extracted member to the work directory. Most members are small (a
// root file system holds thousands of few-KiB files): those are held in memory and
// written in one synchronous call at the end, which costs a fraction of a file
// stream's open, write and close requests, each waiting its turn in the thread pool.
// A member that grows past SMALL_MEMBER_BYTES is streamed, so memory stays bounded.
// Given a WriteBehind, a small member is handed to it instead: written on the thread
// pool while the caller goes on.
import { type WriteStream, createWriteStream, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { WriteBehind } from './write-behind.ts';

export const SMALL_MEMBER_BYTES = 64 * 1024;

export class MemberWriter extends Writable {
  readonly #path: string;
  readonly #behind: WriteBehind | undefined;
  #held: Buffer[] = [];
  #heldBytes = 0;
  #file: WriteStream | undefined;
  /** The held bytes went to the WriteBehind: nothing is left to write here. */
  #handedOff = false;
  #contents: Buffer | undefined;

  /** `path` must not exist: the file is created exclusively ('wx'), so it cannot write through a link. */
  constructor(path: string, behind?: WriteBehind) {
    super();
    this.#path = path;
    this.#behind = behind;
  }

  /** All the bytes of a member small enough to be held, once written; undefined for a streamed one. */
  get contents(): Buffer | undefined {
    return this.#contents;
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
    if (file === undefined && this.#behind) {
      const data = this.#heldBytes === this.#held[0]?.length ? this.#held[0] : Buffer.concat(this.#held, this.#heldBytes);
      this.#held = [];
      this.#heldBytes = 0;
      this.#handedOff = true;
      this.#behind.write(this.#path, data).then(() => {
        this.#contents = data;
        callback();
      }, callback);
      return;
    }
    if (file === undefined) {
      const data = Buffer.concat(this.#held, this.#heldBytes);
      const error = this.#writeHeld(data);
      if (error === undefined) this.#contents = data;
      callback(error);
      return;
    }
    file.once('close', () => callback());
    file.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const file = this.#file;
    if (file === undefined) {
      // A source that failed keeps the bytes it gave (maybe none), as a streamed member does.
      if (!this.writableFinished && !this.#handedOff) this.#writeHeld(Buffer.concat(this.#held, this.#heldBytes));
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
    // A large member's writes queue up to 1 MiB before the unpacking waits for them (16 KiB by
    // default): the unpacking then goes on while the thread pool writes, instead of after each write.
    const file = createWriteStream(this.#path, { flags: 'wx', highWaterMark: 1024 * 1024 });
    file.on('error', (err) => this.destroy(err));
    for (const part of this.#held) file.write(part);
    this.#held = [];
    this.#heldBytes = 0;
    this.#file = file;
    return file;
  }

  #writeHeld(data: Buffer): Error | undefined {
    try {
      writeFileSync(this.#path, data, { flag: 'wx' });
      this.#held = [];
      this.#heldBytes = 0;
      return undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  }
}
