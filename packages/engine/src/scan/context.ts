// What every stage of one scan shares.
import type { Problem, ProgressListener } from '../model/index.ts';
import type { LimitTracker } from '../unpack/limits.ts';
import type { WorkDir } from '../unpack/safe-fs.ts';
import type { FileTree } from './tree.ts';

export interface ScanContext {
  inputName: string;
  tree: FileTree;
  work: WorkDir;
  tracker: LimitTracker;
  signal: AbortSignal;
  problems: Problem[];
  progress: ProgressListener;
}

/** A bug or an I/O failure inside a plugin: recorded, and the scan goes on without it. */
export function internalProblem(location: string[], plugin: string, err: unknown): Problem {
  const message = err instanceof Error ? err.message : String(err);
  return { level: 'error', location, plugin, code: 'internal-error', message };
}
