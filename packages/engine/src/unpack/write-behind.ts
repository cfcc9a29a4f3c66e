// Writes small members in the background: creating a file costs an open, a write
// and a close, which the thread pool (the machine's other cores) can do while the
// main thread reads, hashes and decodes the next members. What is queued is bounded
// in files and bytes; a reader of a file waits for `done(path)`, and the owner for
// `settled` before the files are used or removed.
//
// Deferred (a scan that keeps small files' bytes for its later stages): a write waits,
// bounded in bytes, until the file is asked for (`done`), let go (`release`) or never needed
// (`forgo`: its bytes stay in memory, and nothing will open the file). Most of a root file
// system's files are then never created.
import { writeFile } from 'node:fs';

export interface WriteFailure {
  path: string;
  error: Error;
}

export class WriteBehind {
  readonly #maxFiles: number;
  readonly #maxBytes: number;
  readonly #pending = new Map<string, Promise<void>>();
  readonly #failures: WriteFailure[] = [];
  readonly #failed = new Map<string, Error>();
  #bytes = 0;
  /** `write` calls still waiting for room. */
  #calls = 0;
  /** Writers waiting for room, woken when a write ends. */
  #waiting: (() => void)[] = [];
  readonly #defer: boolean;
  /** Deferred writes not started yet, oldest first. */
  readonly #deferred = new Map<string, Buffer>();
  #deferredBytes = 0;
  /** Held writes started and waiting for room: not held, not pending yet. */
  readonly #starting = new Map<string, Promise<void>>();

  /** `defer`: hold each write until the file is asked for, let go or forgone (see above). */
  constructor(maxFiles = 64, maxBytes = 8 * 1024 * 1024, { defer = false }: { defer?: boolean } = {}) {
    this.#maxFiles = maxFiles;
    this.#maxBytes = maxBytes;
    this.#defer = defer;
  }

  /**
   * Queue `data` to be written to `path`, created exclusively ('wx'). Resolves once it
   * is queued (after waiting for room), not once it is written; failures are kept for `settled`.
   * Deferred, it is held instead; past the byte bound the oldest held writes start.
   */
  async write(path: string, data: Buffer): Promise<void> {
    if (!this.#defer) return this.#enqueue(path, data);
    this.#deferred.set(path, data);
    this.#deferredBytes += data.length;
    while (this.#deferredBytes > this.#maxBytes) {
      const oldest = this.#deferred.keys().next();
      if (oldest.done === true) break;
      await this.#start(oldest.value);
    }
  }

  /** Starts the held write of `path` (none held: nothing); resolves once it is queued. */
  async #start(path: string): Promise<void> {
    const data = this.#deferred.get(path);
    if (data === undefined) return;
    this.#deferred.delete(path);
    this.#deferredBytes -= data.length;
    const queued = this.#enqueue(path, data);
    this.#starting.set(path, queued);
    try {
      await queued;
    } finally {
      this.#starting.delete(path);
    }
  }

  /** Starts the held write of `path` now, if one is held: its file will be read. */
  release(path: string): void {
    void this.#start(path);
  }

  /**
   * Drops the held write of `path`: its bytes are kept elsewhere and its file is never opened.
   * False when none is held (its write has started: the file exists or is being written).
   */
  forgo(path: string): boolean {
    const data = this.#deferred.get(path);
    if (data === undefined) return false;
    this.#deferred.delete(path);
    this.#deferredBytes -= data.length;
    return true;
  }

  async #enqueue(path: string, data: Buffer): Promise<void> {
    this.#calls++;
    try {
      while (this.#pending.size > 0 && (this.#pending.size >= this.#maxFiles || this.#bytes + data.length > this.#maxBytes)) {
        await new Promise<void>((resolve) => this.#waiting.push(resolve));
      }
    } finally {
      this.#calls--;
    }
    this.#bytes += data.length;
    const job = new Promise<void>((resolve) => {
      writeFile(path, data, { flag: 'wx' }, (error) => {
        if (error) {
          this.#failures.push({ path, error });
          this.#failed.set(path, error);
        }
        this.#bytes -= data.length;
        this.#pending.delete(path);
        for (const wake of this.#waiting.splice(0)) wake();
        resolve();
      });
    });
    this.#pending.set(path, job);
  }

  /** Resolves when the write of `path` (if one is queued or held) has ended, failed or not. */
  async done(path: string): Promise<void> {
    if (this.#deferred.has(path)) await this.#start(path);
    else await this.#starting.get(path);
    await this.#pending.get(path);
  }

  /** Why the write of `path` failed, once it has. */
  failure(path: string): Error | undefined {
    return this.#failed.get(path);
  }

  /** Waits for every queued write; answers the failures since the last call. */
  async settled(): Promise<WriteFailure[]> {
    for (const path of [...this.#deferred.keys()]) this.release(path);
    // A writer waiting for room queues its file once woken: wait for that too.
    while (this.#pending.size > 0 || this.#calls > 0) {
      if (this.#pending.size > 0) await Promise.all([...this.#pending.values()]);
      else await new Promise((resolve) => setImmediate(resolve));
    }
    return this.#failures.splice(0);
  }
}
