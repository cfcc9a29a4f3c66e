// scan(input) → Identification. Stages run in order over one file tree in a
// private work directory that is removed afterwards, whatever happens.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  IDENTIFICATION_SCHEMA_VERSION,
  type FileEntry,
  type Identification,
  type InputInfo,
  type LicenseFinding,
  type ProgressListener,
} from './model/index.ts';
import { comparePaths, mergeComponents } from './identify/component.ts';
import { type Limits, LimitTracker, resolveLimits } from './unpack/limits.ts';
import { WorkDir } from './unpack/safe-fs.ts';
import { analyseStage } from './scan/analyse-stage.ts';
import { catalogStage } from './scan/catalog-stage.ts';
import { DIRECTORY_FORMAT, readDirectoryInput } from './scan/directory-input.ts';
import { signatureStage, startSignatureMatching } from './scan/signature-stage.ts';
import type { ScanContext } from './scan/context.ts';
import { extractStage } from './scan/extract-stage.ts';
import { THREADED_MIN_BYTES, startInfoleakStage } from './scan/infoleak-stage.ts';
import { poolWidth } from './scan/worker-pool.ts';
import { startEarlySearch } from './scan/early-search.ts';
import { attachLicenses, readLicenses } from './scan/license-stage.ts';
import { mobileStage } from './scan/mobile-stage.ts';
import { kernelConfigStage } from './scan/kernel-config-stage.ts';
import type { InfoleakOptions } from './infoleak/types.ts';
import { addSonameEvidence } from './identify/soname.ts';
import { addArchiveContainment } from './identify/archive-nesting.ts';
import { hashFile, hashFileInThread } from './scan/hash.ts';
import { FileTree } from './scan/tree.ts';
import { outOfTime } from './scan/time-limit.ts';

export interface ScanOptions {
  /** Aborts the scan: `scan` rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides of the default limits (DEFAULT_LIMITS, the budgets scaled to the input's size). */
  limits?: Partial<Limits>;
  /** Directory in which the temporary work directory is made; default the OS temp dir. */
  tempDir?: string;
  /** Name reported for the input; default the path's base name. */
  name?: string;
  /** Infoleak stage: decoy filter (default on) and user-defined RE2 patterns. */
  infoleak?: InfoleakOptions;
}

const PIPELINE = 'engine/pipeline';

/**
 * Scan one file, or a directory as one input. Bad content never throws: it becomes `problems`. Throws only when
 * the path cannot be read, on bad options, or when aborted.
 */
export async function scan(path: string, options: ScanOptions = {}, onProgress?: ProgressListener): Promise<Identification> {
  const startedAt = new Date().toISOString();
  const signal = options.signal ?? new AbortController().signal;
  const limits = resolveLimits(options.limits);
  signal.throwIfAborted();
  const info = await stat(path);
  if (!info.isFile() && !info.isDirectory()) throw new Error(`${path} is not a regular file or a directory`);
  const inputName = options.name ?? basename(path);
  const tracker = new LimitTracker(limits);
  // A directory is one input whose members are its files (read in place, links not followed).
  const dir = info.isDirectory() ? await readDirectoryInput(path, tracker, signal) : undefined;
  // A file input's digests are read while it is unpacked (see unpackFile); nothing needs them before.
  // A large one's on a thread of its own, when the scan may start threads (poolWidth).
  const hashing = dir ? undefined : info.size >= THREADED_MIN_BYTES && poolWidth() > 1 ? hashFileInThread(path, signal) : hashFile(path, signal);
  hashing?.catch(() => undefined); // awaited after the extract stage
  const size = dir ? dir.size : info.size;
  // The default byte and file budgets grow with the input (see INPUT_BUDGET).
  tracker.scaleTo(size, options.limits);
  const workDir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'binlens-'));
  // Ends the stages' worker threads however the scan ends (they read from the work directory).
  const halt = new AbortController();
  try {
    const ctx: ScanContext = {
      inputName,
      tree: new FileTree(),
      work: new WorkDir(workDir),
      tracker,
      signal: AbortSignal.any([signal, halt.signal]),
      problems: [],
      progress: onProgress ?? (() => undefined),
    };
    const rootEntry: FileEntry = { path: [], size, sha1: dir?.sha1 ?? '', sha256: dir?.sha256 ?? '' };
    if (dir) {
      ctx.tree.add({ entry: { ...rootEntry, format: DIRECTORY_FORMAT }, depth: 0, innerPath: inputName });
      for (const member of dir.members) ctx.tree.add(member);
      ctx.problems.push(...dir.problems);
    } else ctx.tree.add({ entry: rootEntry, diskPath: path, depth: 0, innerPath: inputName });
    // On a large input, worker threads search, match and read each file as soon as it is unpacked.
    const early = startEarlySearch(ctx, size, options.infoleak);
    const { dockerImages } = await extractStage(ctx, { retain: true, ...(early ? { passed: early.passed } : {}) });
    if (hashing) Object.assign(rootEntry, await hashing);
    await analyseStage(ctx);
    // Signature matching needs only the files and their formats: on a large tree, worker
    // threads read the files for it while the stages before it run.
    const hitsAhead = early ? undefined : startSignatureMatching(ctx);
    const mobile = outOfTime(ctx, 'mobile apps', () => 'apps not analysed') ? { components: [], mobileApps: [] } : await mobileStage(ctx);
    const kernelConfig = outOfTime(ctx, 'kernel config', () => 'kernel configurations not read') ? [] : await kernelConfigStage(ctx);
    // On a large tree the leak search runs in worker threads beside the stages after it;
    // its problems are recorded where the stage stands, as when it ran alone.
    const ahead = early?.finish();
    const leakSearch = ahead?.leaks ?? startInfoleakStage(ctx, options.infoleak);
    const leakProblemsAt = ctx.problems.length;
    if (!leakSearch.threaded) await leakSearch.result;
    const catalog = await catalogStage(ctx);
    // Licence files are read while the signature threads finish (unless the early threads read
    // them); attached (and their problems recorded) in the licence stage's place below.
    const licenseReading = await readLicenses(ctx, await ahead?.licences);
    // Signature hits in files a distro package owns join that package or name it as their container.
    const found = [...catalog.components, ...mobile.components, ...(await signatureStage(ctx, catalog.owners, undefined, ahead?.hits ?? hitsAhead))];
    ctx.progress({ stage: 'BOM postprocessing', done: 0, total: 1 });
    // A library's soname supports the component found in it (never makes one on its own).
    // Once merged, whatever sits inside a Java archive is contained in the archive's component.
    const components = addArchiveContainment(mergeComponents(addSonameEvidence(found, ctx.tree.files.map((f) => f.entry))));
    let licenses: LicenseFinding[] = [];
    if (!outOfTime(ctx, 'licences', () => 'licences not read')) {
      ctx.problems.push(...licenseReading.problems);
      licenses = attachLicenses(licenseReading, components);
    }
    const { findings: infoleaks, problems: leakProblems } = await leakSearch.result;
    ctx.problems.splice(leakProblemsAt, 0, ...leakProblems);
    ctx.progress({ stage: 'BOM postprocessing', done: 1, total: 1 });
    const root = ctx.tree.files[0]?.entry;
    const input: InputInfo = { name: inputName, size, sha1: rootEntry.sha1, sha256: rootEntry.sha256 };
    if (root?.format) input.format = root.format;
    if (size === 0) {
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
      ...(licenses.length > 0 ? { licenses } : {}),
      ...(mobile.mobileApps.length > 0 ? { mobileApps: mobile.mobileApps } : {}),
      ...(kernelConfig.length > 0 ? { kernelConfig } : {}),
      ...(dockerImages.length > 0 ? { dockerImages } : {}),
      analysis: {
        limits: { ...tracker.limits },
        infoleakDecoyFilter: options.infoleak?.decoys ?? true,
        customPatterns: (options.infoleak?.customPatterns ?? []).filter((pattern) => pattern.enabled !== false).map((pattern) => pattern.id),
      },
      startedAt,
      finishedAt: new Date().toISOString(),
    };
  } catch (err) {
    // Streams report an abort as their own AbortError; callers get the signal's reason.
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    halt.abort();
    await rm(workDir, { recursive: true, force: true });
  }
}
