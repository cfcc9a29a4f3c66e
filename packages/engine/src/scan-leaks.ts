// scanLeaks(input, patterns) → the user patterns' findings alone: the file-extractors stage
// and the infoleak stage with no built-in detector, in a private work directory that is
// removed afterwards. What a stored scan is searched with when patterns are applied to it
// later; given the scan's limits (Identification.analysis.limits) it unpacks the same tree,
// so the findings' paths are those of the scan.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { InfoleakFinding, Problem, ProgressListener } from './model/index.ts';
import { customDetectors } from './infoleak/custom.ts';
import type { CustomPattern } from './infoleak/types.ts';
import type { ScanContext } from './scan/context.ts';
import { extractStage } from './scan/extract-stage.ts';
import { infoleakStage } from './scan/infoleak-stage.ts';
import { FileTree } from './scan/tree.ts';
import { type Limits, LimitTracker, resolveLimits } from './unpack/limits.ts';
import { WorkDir } from './unpack/safe-fs.ts';

export interface LeakScanOptions {
  /** The patterns searched for; disabled ones are left out. An invalid one throws (bad options). */
  customPatterns: readonly CustomPattern[];
  signal?: AbortSignal;
  /** Overrides of the default limits: a stored scan's own, so that the same tree is unpacked. */
  limits?: Partial<Limits>;
  /** Directory in which the temporary work directory is made; default the OS temp dir. */
  tempDir?: string;
  /** Name of the input, as the scan named it; default the path's base name. */
  name?: string;
}

export interface LeakScan {
  /** Findings of kind `custom`, detector `custom/<id>`, in the order a scan lists them. */
  infoleaks: InfoleakFinding[];
  /** What unpacking or reading reported on the way (the scan reported the same). */
  problems: Problem[];
  /** The ids of the enabled patterns searched for. */
  customPatterns: string[];
}

/** Throws only when the path cannot be read, on bad options (an invalid pattern), or when aborted. */
export async function scanLeaks(path: string, options: LeakScanOptions, onProgress?: ProgressListener): Promise<LeakScan> {
  const signal = options.signal ?? new AbortController().signal;
  const enabled = options.customPatterns.filter((pattern) => pattern.enabled !== false);
  customDetectors(enabled); // bad patterns throw before any work
  resolveLimits(options.limits);
  signal.throwIfAborted();
  const info = await stat(path);
  if (!info.isFile()) throw new Error(`${path} is not a regular file`);
  const ids = enabled.map((pattern) => pattern.id);
  if (enabled.length === 0) return { infoleaks: [], problems: [], customPatterns: ids };
  const inputName = options.name ?? basename(path);
  const workDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'binlens-leaks-'));
  try {
    const tracker = new LimitTracker(resolveLimits(options.limits));
    tracker.scaleTo(info.size, options.limits);
    const ctx: ScanContext = {
      inputName,
      tree: new FileTree(),
      work: new WorkDir(workDir),
      tracker,
      signal,
      problems: [],
      progress: onProgress ?? (() => undefined),
    };
    ctx.tree.add({ entry: { path: [], size: info.size, sha1: '', sha256: '' }, diskPath: path, depth: 0, innerPath: inputName });
    await extractStage(ctx);
    const infoleaks = await infoleakStage(ctx, { customPatterns: enabled }, { builtIn: false });
    return { infoleaks, problems: ctx.problems, customPatterns: ids };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
