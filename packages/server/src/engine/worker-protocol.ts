// Messages between the server and a scan worker thread.
import type { ScanOptions } from '@binlens/engine';
import type { Identification, Progress } from '@binlens/engine/model';

export interface ScanWorkerRequest {
  path: string;
  /** Everything but the signal, which cannot cross threads: abort is a message. */
  options: Omit<ScanOptions, 'signal'>;
}

export type ScanWorkerMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; identification: Identification }
  | { type: 'error'; message: string; aborted: boolean };
