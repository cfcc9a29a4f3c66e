import type { Progress, ScanStage } from '@binlens/engine/model';
import type { ScanProgress, ScannerProcess, ScannerProcessProgress } from '../db/schema/index.ts';

/** Spec §9 scanner processes, in the order a scan runs through them. */
export const SCANNER_PROCESSES: readonly ScannerProcess[] = [
  'downloading file',
  'file extractors',
  'Rapid Scan Static',
  'infoleak',
  'custom pattern search',
  'BOM matching',
  'BOM postprocessing',
  'other',
];

const PROCESS_OF_STAGE: Record<ScanStage, ScannerProcess> = {
  'downloading file': 'downloading file',
  'file extractors': 'file extractors',
  // The engine's static analysis of executables is what spec §9 calls Rapid Scan Static.
  'static analysis': 'Rapid Scan Static',
  infoleak: 'infoleak',
  'custom pattern search': 'custom pattern search',
  'BOM matching': 'BOM matching',
  'BOM postprocessing': 'BOM postprocessing',
  other: 'other',
};

export function scannerProcessOf(stage: ScanStage): ScannerProcess {
  return PROCESS_OF_STAGE[stage];
}

/**
 * The busy status code of a scan in `process` (README "Scan status codes"): S while the input
 * is fetched and unpacked, P while the files are analysed, D while the bill of materials is
 * put together and the result stored.
 */
export function statusOfProcess(process: ScannerProcess): 'S' | 'P' | 'D' {
  if (process === 'downloading file' || process === 'file extractors') return 'S';
  if (process === 'BOM postprocessing') return 'D';
  return 'P';
}

/** No estimate before this much of the extractors' bytes is done, nor this soon: early rates mislead. */
const MIN_FRACTION_FOR_ESTIMATE = 0.02;
const MIN_ELAPSED_MS_FOR_ESTIMATE = 2000;

/**
 * Turns the engine's progress events into what a scan stores: one entry per scanner process
 * (files and bytes done, start and end), the current one, its status code and the time left.
 *
 * The estimate: unpacking dominates a scan and its bytes are known as they are found, so while
 * the extractors run, time left = time spent × bytes left ÷ bytes done; the later processes
 * count files, so there it is the same rule on the current process's files. None is given
 * until 2% of the work and 2 seconds have passed.
 */
export class ScanProgressTracker {
  readonly #now: () => number;
  readonly #processes = new Map<ScannerProcess, ScannerProcessProgress & { startedMs: number }>();
  #current: ScannerProcess | null = null;
  #last: Progress | null = null;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The process the last event belonged to; null before the first. */
  get current(): ScannerProcess | null {
    return this.#current;
  }

  /** The last event again at the current time: the estimate moves on while one file takes long. Null before any event. */
  refresh(): ScanProgress | null {
    return this.#last ? this.update(this.#last) : null;
  }

  update(event: Progress): ScanProgress {
    this.#last = event;
    const name = scannerProcessOf(event.stage);
    const now = this.#now();
    if (this.#current !== name) {
      const previous = this.#current ? this.#processes.get(this.#current) : undefined;
      if (previous && previous.finished === null) previous.finished = new Date(now).toISOString();
      this.#current = name;
    }
    let entry = this.#processes.get(name);
    if (!entry) {
      entry = { name, files_done: 0, files_total: 0, bytes_done: null, bytes_total: null, started: new Date(now).toISOString(), finished: null, startedMs: now };
      this.#processes.set(name, entry);
    }
    entry.finished = null;
    entry.files_done = event.done;
    entry.files_total = event.total;
    if (event.bytesTotal !== undefined) entry.bytes_total = event.bytesTotal;
    if (event.bytesDone !== undefined) entry.bytes_done = event.bytesDone;
    return {
      stage: name,
      done: event.done,
      total: event.total,
      status: statusOfProcess(name),
      processes: SCANNER_PROCESSES.flatMap((process) => {
        const found = this.#processes.get(process);
        if (!found) return [];
        const { startedMs: _startedMs, ...stored } = found;
        return [stored];
      }),
      eta_seconds: estimateSeconds(entry, now - entry.startedMs),
    };
  }
}

/** Seconds left in `entry`'s process from its rate so far; null when it cannot be told yet. */
export function estimateSeconds(entry: Pick<ScannerProcessProgress, 'files_done' | 'files_total' | 'bytes_done' | 'bytes_total'>, elapsedMs: number): number | null {
  const [done, total] = entry.bytes_total !== null && entry.bytes_total > 0 ? [entry.bytes_done ?? 0, entry.bytes_total] : [entry.files_done, entry.files_total];
  if (total <= 0 || done <= 0 || elapsedMs < MIN_ELAPSED_MS_FOR_ESTIMATE || done / total < MIN_FRACTION_FOR_ESTIMATE) return null;
  if (done >= total) return 0;
  return Math.ceil((elapsedMs * (total - done)) / done / 1000);
}
