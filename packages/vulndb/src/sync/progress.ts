// What a running sync reports of each source, as it goes: the download's bytes (of its
// Content-Length when sent), the records read by its imports, and the feed's own date.
import type { Feed } from '../import/types.ts';
import type { DownloadProgress } from './download.ts';
import type { SyncSource } from './sync.ts';

export interface SyncProgress {
  readonly source: SyncSource;
  readonly phase: 'download' | 'import';
  /** Records read so far by this source's imports (every file or page of it). */
  readonly records: number;
  /** Records the source holds in all, when it says so (NVD's totalResults). */
  readonly totalRecords: number | null;
  /** Bytes of the current download, and its size when known. */
  readonly bytes: number;
  readonly totalBytes: number | null;
  /** The newest date the feed gave of itself (Last-Modified, NVD's page timestamp), ISO 8601. */
  readonly feedDate: string | null;
}

/** Records are reported every this many, besides at each phase change. */
const RECORD_STEP = 500;

/** Keeps one source's progress and hands each change to `report`. */
export class SourceProgress {
  #state: SyncProgress;
  readonly #report: (progress: SyncProgress) => void;

  constructor(source: SyncSource, report: (progress: SyncProgress) => void = () => undefined) {
    this.#state = { source, phase: 'download', records: 0, totalRecords: null, bytes: 0, totalBytes: null, feedDate: null };
    this.#report = report;
  }

  get current(): SyncProgress {
    return this.#state;
  }

  downloading(progress: DownloadProgress): void {
    this.#set({ phase: 'download', bytes: progress.bytes, totalBytes: progress.totalBytes, feedDate: newer(this.#state.feedDate, progress.feedDate) });
  }

  /** A page or file whose records are about to be read; NVD tells its total and date. */
  importing(info: { totalRecords?: number; feedDate?: string | null } = {}): void {
    this.#set({
      phase: 'import',
      ...(info.totalRecords === undefined ? {} : { totalRecords: info.totalRecords }),
      feedDate: newer(this.#state.feedDate, info.feedDate ?? null),
    });
  }

  /** The feed with every record it reads counted. */
  counting(feed: Feed): Feed {
    return {
      ...feed,
      read: (input, onItem, signal) => feed.read(input, async (item) => {
        this.#state = { ...this.#state, records: this.#state.records + 1 };
        if (this.#state.records % RECORD_STEP === 0) this.#report(this.#state);
        await onItem(item);
      }, signal),
    };
  }

  #set(change: Partial<SyncProgress>): void {
    this.#state = { ...this.#state, ...change };
    this.#report(this.#state);
  }
}

function newer(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}
