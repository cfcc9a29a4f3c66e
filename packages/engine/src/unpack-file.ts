// unpackFile(input) → the unpacked file tree, without identification: what
// `binlens unpack` and the unpack benchmark need. Runs the file-extractors stage
// alone, with provenance (handler, parent) on every file, and lets the caller
// see each file's bytes before the private work directory is removed.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { DockerImage, FileEntry, InputInfo, Problem, ProgressListener } from './model/index.ts';
import { comparePaths } from './identify/component.ts';
import type { ScanContext } from './scan/context.ts';
import { extractStage } from './scan/extract-stage.ts';
import { hashFile } from './scan/hash.ts';
import { FileTree } from './scan/tree.ts';
import { type Limits, LimitTracker, resolveLimits } from './unpack/limits.ts';
import { WorkDir } from './unpack/safe-fs.ts';

export interface UnpackOptions {
  signal?: AbortSignal;
  /** Overrides of the default limits (DEFAULT_LIMITS, the budgets scaled to the input's size). */
  limits?: Partial<Limits>;
  /** Directory in which the temporary work directory is made; default the OS temp dir. */
  tempDir?: string;
  /** Name reported for the input; default the path's base name. */
  name?: string;
  onProgress?: ProgressListener;
  /**
   * Called once with every file but the input, in path order, while their bytes still
   * exist (the work directory is removed once it resolves): `diskPath` is absent for
   * links. One call, so the caller can spread its own work over them (write them out).
   */
  withFiles?: (files: { entry: FileEntry; diskPath: string | undefined }[]) => Promise<void>;
}

export interface UnpackedTree {
  input: InputInfo;
  /** Every file but the input, sorted by extended path, with `handler` and `parent`. */
  files: FileEntry[];
  problems: Problem[];
  dockerImages: DockerImage[];
}

/** Throws only when the path cannot be read, on bad options, or when aborted. */
export async function unpackFile(path: string, options: UnpackOptions = {}): Promise<UnpackedTree> {
  const signal = options.signal ?? new AbortController().signal;
  resolveLimits(options.limits); // bad options throw before any work
  signal.throwIfAborted();
  const info = await stat(path);
  if (!info.isFile()) throw new Error(`${path} is not a regular file`);
  const inputName = options.name ?? basename(path);
  // The input's digests are read while it is unpacked: the unpacking leaves the main
  // thread idle while it waits for the thread pool, and nothing needs them before the end.
  const hashing = hashFile(path, signal);
  hashing.catch(() => undefined); // awaited below; a failure must not surface unhandled first
  const workDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'binlens-unpack-'));
  try {
    const ctx: ScanContext = {
      inputName,
      tree: new FileTree(),
      work: new WorkDir(workDir),
      // The default byte and file budgets grow with the input (see INPUT_BUDGET).
      tracker: new LimitTracker(resolveLimits(options.limits, info.size)),
      signal,
      problems: [],
      progress: options.onProgress ?? (() => undefined),
    };
    const root = { entry: { path: [], size: info.size, sha1: '', sha256: '' }, diskPath: path, depth: 0, innerPath: inputName };
    ctx.tree.add(root);
    const { dockerImages } = await extractStage(ctx, { provenance: true });
    const hashes = await hashing;
    Object.assign(root.entry, hashes);
    const sorted = [...ctx.tree.files].sort((a, b) => comparePaths(a.entry.path, b.entry.path));
    signal.throwIfAborted();
    await options.withFiles?.(sorted.filter((f) => f.entry.path.length > 0).map((f) => ({ entry: f.entry, diskPath: f.diskPath })));
    const input: InputInfo = { name: inputName, size: info.size, ...hashes };
    const format = ctx.tree.files[0]?.entry.format;
    if (format) input.format = format;
    return { input, files: sorted.map((f) => f.entry).filter((e) => e.path.length > 0), problems: ctx.problems, dockerImages };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
