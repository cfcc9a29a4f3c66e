// One file searched for information leaks: what the infoleak stage does per file, shared by
// the stage (small scans) and the scan's worker threads (file-job.ts). Reads are bounded: a
// file's first MAX_SCAN_BYTES are searched and the rest reported.
import type { InfoleakFinding, Problem } from '../model/index.ts';
import { publicIndexHost } from '../infoleak/public-index.ts';
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
  try {
    const reader = await openSource(source);
    try {
      return searchBytes(await reader.read(0, Math.min(reader.size, MAX_SCAN_BYTES)), reader.size, location, search);
    } finally {
      await reader.close();
    }
  } catch (err) {
    return failedSearch(location, err);
  }
}

/** searchFile given the file's first min(size, MAX_SCAN_BYTES) bytes, read already. */
export function searchBytes(bytes: Buffer, size: number, location: string[], search: LeakSearch): FileLeaks {
  const archive = publicIndexHost(location.at(-1) ?? '');
  return archive === undefined ? searchWith(bytes, size, location, search) : searchPublicIndex(bytes, size, location, search, archive);
}

function searchWith(bytes: Buffer, size: number, location: string[], search: LeakSearch): FileLeaks {
  try {
    const found = scanBytes(bytes, location, search.detectors, { decoys: search.decoys });
    // Image metadata is read whatever the detectors: without the built-in ones it is left out.
    const findings = search.builtIn ? found : found.filter((finding) => finding.kind === 'custom');
    const problems: Problem[] = [];
    if (size > MAX_SCAN_BYTES) {
      problems.push({
        level: 'info',
        location,
        plugin: INFOLEAK_PLUGIN,
        code: 'partially-scanned',
        message: `only the first ${MAX_SCAN_BYTES} of ${size} bytes were searched for information leaks`,
      });
    }
    return { findings, problems };
  } catch (err) {
    return failedSearch(location, err);
  }
}

/**
 * A copy of a public archive's package index (infoleak/public-index.ts): searched for the user's
 * own patterns alone, and said so.
 */
function searchPublicIndex(bytes: Buffer, size: number, location: string[], search: LeakSearch, archive: string): FileLeaks {
  const custom = search.detectors.filter((detector) => detector.kind === 'custom');
  const notice: Problem = {
    level: 'info',
    location,
    plugin: INFOLEAK_PLUGIN,
    code: 'public-index',
    message: `not searched for information leaks${custom.length > 0 ? ' but by custom patterns' : ''}: a copy of the package index that ${archive} publishes`,
  };
  if (custom.length === 0) return { findings: [], problems: [notice] };
  const found = searchWith(bytes, size, location, { ...search, detectors: custom, builtIn: false });
  return { findings: found.findings, problems: [notice, ...found.problems] };
}

/** The outcome of a file whose search failed (it could not be read). */
export function failedSearch(location: string[], err: unknown): FileLeaks {
  return { findings: [], problems: [internalProblem(location, INFOLEAK_PLUGIN, err)] };
}
