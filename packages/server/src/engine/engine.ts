// The engine as the server uses it: narrowed to what it calls, so jobs and services can
// take a fake in unit tests while the integration tests run the real one. Scans run in a
// worker thread each (threaded-scan.ts), never on the server's event loop.
import { type Limits, toScanResult } from '@binlens/engine';
import type { Identification, ProgressListener, ScanResult } from '@binlens/engine/model';
import { scanInWorker } from './threaded-scan.ts';

export interface Engine {
  /** `tempDir`: where the scan's work directory goes (the server's own, see work-dir.ts); `limits`: over the engine's defaults. */
  scan(path: string, options: { signal?: AbortSignal; name?: string; tempDir?: string; limits?: Partial<Limits> }, onProgress?: ProgressListener): Promise<Identification>;
  toScanResult(identification: Identification): ScanResult;
}

export const realEngine: Engine = { scan: scanInWorker, toScanResult };
