// Messages between the server and an engine worker thread (a scan, or a search of a stored scan's file for custom patterns).
import type { LeakScanOptions, ScanOptions } from '@binlens/engine';
import type { Progress } from '@binlens/engine/model';

export interface ScanWorkerRequest {
  path: string;
  /** Everything but the signal, which cannot cross threads: abort is a message. */
  options: Omit<ScanOptions, 'signal'>;
}

export interface LeakScanWorkerRequest {
  path: string;
  options: Omit<LeakScanOptions, 'signal'>;
}

/** `result`: the Identification of a scan, the LeakScan of a pattern search. */
export type EngineWorkerMessage<Result> =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; result: Result }
  | { type: 'error'; message: string; aborted: boolean };
