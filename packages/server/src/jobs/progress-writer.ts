import type { ScanProgress } from '../db/schema/index.ts';

/**
 * Keeps the latest progress and writes it at most once per interval, one write at a time:
 * the engine reports per file, the database need not hear about each.
 */
export class ProgressWriter {
  readonly #write: (progress: ScanProgress) => Promise<void>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #pending: ScanProgress | null = null;
  #lastWrite = 0;
  #inFlight: Promise<void> = Promise.resolve();

  constructor(write: (progress: ScanProgress) => Promise<void>, intervalMs: number, onError: (error: unknown) => void) {
    this.#write = write;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
  }

  push(progress: ScanProgress): void {
    this.#pending = { stage: progress.stage, done: progress.done, total: progress.total };
    if (Date.now() - this.#lastWrite >= this.#intervalMs) this.#drain();
  }

  /** Waits for the writes under way; drops what was not written (the final status follows). */
  async flush(): Promise<void> {
    this.#pending = null;
    await this.#inFlight;
  }

  #drain(): void {
    const progress = this.#pending;
    if (!progress) return;
    this.#pending = null;
    this.#lastWrite = Date.now();
    this.#inFlight = this.#inFlight.then(() => this.#write(progress)).catch(this.#onError);
  }
}
