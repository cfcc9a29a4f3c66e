// scan(input) → Identification. Stages run in order over one file tree in a
// private work directory that is removed afterwards, whatever happens.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  IDENTIFICATION_SCHEMA_VERSION,
  type Identification,
  type InputInfo,
  type ProgressListener,
} from './model/index.ts';
import { comparePaths, mergeComponents } from './identify/component.ts';
import { type Limits, LimitTracker, resolveLimits } from './unpack/limits.ts';
import { WorkDir } from './unpack/safe-fs.ts';
import { analyseStage } from './scan/analyse-stage.ts';
import { catalogStage } from './scan/catalog-stage.ts';
import { signatureStage } from './scan/signature-stage.ts';
import type { ScanContext } from './scan/context.ts';
import { extractStage } from './scan/extract-stage.ts';
import { infoleakStage } from './scan/infoleak-stage.ts';
import { hashFile } from './scan/hash.ts';
import { FileTree } from './scan/tree.ts';

export interface ScanOptions {
  /** Aborts the scan: `scan` rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides of DEFAULT_LIMITS. */
  limits?: Partial<Limits>;
  /** Directory in which the temporary work directory is made; default the OS temp dir. */
  tempDir?: string;
  /** Name reported for the input; default the path's base name. */
  name?: string;
}

const PIPELINE = 'engine/pipeline';

/**
 * Scan one file. Bad content never throws: it becomes `problems`. Throws only when
 * the path cannot be read, on bad options, or when aborted.
 */
export async function scan(path: string, options: ScanOptions = {}, onProgress?: ProgressListener): Promise<Identification> {
  const startedAt = new Date().toISOString();
  const signal = options.signal ?? new AbortController().signal;
  const limits = resolveLimits(options.limits);
  signal.throwIfAborted();
  const info = await stat(path);
  if (!info.isFile()) throw new Error(`${path} is not a regular file`);
  const inputName = options.name ?? basename(path);
  const hashes = await hashFile(path, signal);
  const workDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'binlens-'));
  try {
    const ctx: ScanContext = {
      inputName,
      tree: new FileTree(),
      work: new WorkDir(workDir),
      tracker: new LimitTracker(limits),
      signal,
      problems: [],
      progress: onProgress ?? (() => undefined),
    };
    ctx.tree.add({ entry: { path: [], size: info.size, ...hashes }, diskPath: path, depth: 0, innerPath: inputName });
    await extractStage(ctx);
    await analyseStage(ctx);
    const infoleaks = await infoleakStage(ctx);
    const found = await catalogStage(ctx);
    found.push(...(await signatureStage(ctx)));
    ctx.progress({ stage: 'BOM postprocessing', done: 0, total: 1 });
    const components = mergeComponents(found);
    ctx.progress({ stage: 'BOM postprocessing', done: 1, total: 1 });
    const root = ctx.tree.files[0]?.entry;
    const input: InputInfo = { name: inputName, size: info.size, ...hashes };
    if (root?.format) input.format = root.format;
    if (info.size === 0) {
      ctx.problems.push({ level: 'warning', location: [], plugin: PIPELINE, code: 'empty-input', message: 'the input is empty' });
    } else if (!root?.format && components.length === 0) {
      ctx.problems.push({
        level: 'info',
        location: [],
        plugin: PIPELINE,
        code: 'unknown-format',
        message: 'no known format or package metadata recognised in the input',
      });
    }
    return {
      schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
      input,
      files: ctx.tree.files.map((f) => f.entry).sort((a, b) => comparePaths(a.path, b.path)),
      components,
      problems: ctx.problems,
      // Absent when nothing leaked, so that results without leaks keep their shape.
      ...(infoleaks.length > 0 ? { infoleaks } : {}),
      startedAt,
      finishedAt: new Date().toISOString(),
    };
  } catch (err) {
    // Streams report an abort as their own AbortError; callers get the signal's reason.
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
