// The engine as the server uses it: narrowed to what it calls, so jobs and services can
// take a fake in unit tests while the integration tests run the real one. Scans run in a
// worker thread each (threaded-scan.ts), never on the server's event loop.
import { type InfoleakOptions, type LeakScan, type LeakScanOptions, type Limits, toScanResult } from '@binlens/engine';
import type { Identification, ProgressListener, ScanResult } from '@binlens/engine/model';
import { scanInWorker, scanLeaksInWorker } from './threaded-scan.ts';

export interface Engine {
  /**
   * `tempDir`: where the scan's work directory goes (the server's own, see work-dir.ts); `limits`: over the engine's defaults;
   * `infoleak`: the account's custom patterns among them.
   */
  scan(
    path: string,
    options: { signal?: AbortSignal; name?: string; tempDir?: string; limits?: Partial<Limits>; infoleak?: InfoleakOptions },
    onProgress?: ProgressListener,
  ): Promise<Identification>;
  toScanResult(identification: Identification): ScanResult;
}

export const realEngine: Engine = { scan: scanInWorker, toScanResult };

/** A stored scan's file searched again for custom patterns alone (the engine's scanLeaks), in a worker thread. */
export type LeakScanner = (path: string, options: LeakScanOptions, onProgress?: ProgressListener) => Promise<LeakScan>;

export const realLeakScanner: LeakScanner = scanLeaksInWorker;
