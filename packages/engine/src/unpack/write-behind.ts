// Writes small members in the background: creating a file costs an open, a write
// and a close, which the thread pool (the machine's other cores) can do while the
// main thread reads, hashes and decodes the next members. What is queued is bounded
// in files and bytes; a reader of a file waits for `done(path)`, and the owner for
// `settled` before the files are used or removed.
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

  constructor(maxFiles = 64, maxBytes = 8 * 1024 * 1024) {
    this.#maxFiles = maxFiles;
    this.#maxBytes = maxBytes;
  }

  /**
   * Queue `data` to be written to `path`, created exclusively ('wx'). Resolves once it
   * is queued (after waiting for room), not once it is written; failures are kept for `settled`.
   */
  async write(path: string, data: Buffer): Promise<void> {
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

  /** Resolves when the write of `path` (if one is queued) has ended, failed or not. */
  done(path: string): Promise<void> {
    return this.#pending.get(path) ?? Promise.resolve();
  }

  /** Why the write of `path` failed, once it has. */
  failure(path: string): Error | undefined {
    return this.#failed.get(path);
  }

  /** Waits for every queued write; answers the failures since the last call. */
  async settled(): Promise<WriteFailure[]> {
    // A writer waiting for room queues its file once woken: wait for that too.
    while (this.#pending.size > 0 || this.#calls > 0) {
      if (this.#pending.size > 0) await Promise.all([...this.#pending.values()]);
      else await new Promise((resolve) => setImmediate(resolve));
    }
    return this.#failures.splice(0);
  }
}
