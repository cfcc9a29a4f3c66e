/**
 * Keeps the latest progress and writes it at most once per interval, one write at a time: the
 * engine reports per file and a download per 64 KiB, the database need not hear about each.
 * A value pushed within the interval is written when the interval ends, so the last progress
 * of work that then goes quiet (a download held up, a long file) is never lost.
 */
export class ProgressWriter<T> {
  readonly #write: (progress: T) => Promise<void>;
  readonly #intervalMs: number;
  readonly #onError: (error: unknown) => void;
  #pending: T | null = null;
  #lastWrite = 0;
  #timer: NodeJS.Timeout | null = null;
  #inFlight: Promise<void> = Promise.resolve();

  constructor(write: (progress: T) => Promise<void>, intervalMs: number, onError: (error: unknown) => void) {
    this.#write = write;
    this.#intervalMs = intervalMs;
    this.#onError = onError;
  }

  push(progress: T): void {
    this.#pending = progress;
    if (this.#timer) return;
    const wait = this.#intervalMs - (Date.now() - this.#lastWrite);
    if (wait <= 0) {
      this.#drain();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#drain();
    }, wait);
  }

  /** Waits for the writes under way; drops what was not written (the final status follows). */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending = null;
    await this.#inFlight;
  }

  #drain(): void {
    const progress = this.#pending;
    if (progress === null) return;
    this.#pending = null;
    this.#lastWrite = Date.now();
    this.#inFlight = this.#inFlight.then(() => this.#write(progress)).catch(this.#onError);
  }
}
