// One file searched for information leaks: what the infoleak stage does per file, shared by
// the stage (small scans) and its worker threads (infoleak-worker.ts). Reads are bounded: a
// file's first MAX_SCAN_BYTES are searched and the rest reported.
import type { InfoleakFinding, Problem } from '../model/index.ts';
import { scanBytes } from '../infoleak/scan-text.ts';
import type { InfoleakDetector } from '../infoleak/types.ts';
import { type FileSource, openSource } from '../util/reader.ts';
import { internalProblem } from './context.ts';

export const INFOLEAK_PLUGIN = 'engine/infoleak';
export const MAX_SCAN_BYTES = 16 * 1024 * 1024;

export interface LeakSearch {
  detectors: readonly InfoleakDetector[];
  decoys: boolean;
  /** False: the user's patterns alone (image metadata is then left out). */
  builtIn: boolean;
}

export interface FileLeaks {
  findings: InfoleakFinding[];
  problems: Problem[];
}

/** Findings and problems of one file; an I/O failure is an internal-error problem, never a throw. */
export async function searchFile(source: FileSource, location: string[], search: LeakSearch): Promise<FileLeaks> {
  const problems: Problem[] = [];
  try {
    const reader = await openSource(source);
    try {
      const found = scanBytes(await reader.read(0, Math.min(reader.size, MAX_SCAN_BYTES)), location, search.detectors, { decoys: search.decoys });
      // Image metadata is read whatever the detectors: without the built-in ones it is left out.
      const findings = search.builtIn ? found : found.filter((finding) => finding.kind === 'custom');
      if (reader.size > MAX_SCAN_BYTES) {
        problems.push({
          level: 'info',
          location,
          plugin: INFOLEAK_PLUGIN,
          code: 'partially-scanned',
          message: `only the first ${MAX_SCAN_BYTES} of ${reader.size} bytes were searched for information leaks`,
        });
      }
      return { findings, problems };
    } finally {
      await reader.close();
    }
  } catch (err) {
    return { findings: [], problems: [internalProblem(location, INFOLEAK_PLUGIN, err)] };
  }
}
