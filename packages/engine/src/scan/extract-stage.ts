// Stage "file extractors": detect every file's format by magic and unpack
// archives and compressed streams, breadth first, until nothing new appears or
// a limit says stop. Members of members are detected the same way. A file no
// unpacker claims whole (a raw flash dump) is carved for payloads at any offset.
import type { DockerImage, Problem } from '../model/index.ts';
import { type CarvedChunk, findChunks } from '../carve/carve.ts';
import { CARVE, extractCarved } from '../carve/extract-carved.ts';
import { isElf } from '../executables/elf.ts';
import { executableEnd } from '../executables/image-end.ts';
import { OCI_LAYOUT, extractLayout, findLayouts } from '../unpack/image/layout-files.ts';
import { UNPACKERS } from '../unpack/registry.ts';
import { lazyReader } from '../unpack/lazy-reader.ts';
import { limitMessage } from '../unpack/limits.ts';
import { ExtractSink, type KeepBudget, describeStreamError } from '../unpack/safe-fs.ts';
import { WriteBehind } from '../unpack/write-behind.ts';
import { FormatError, HEAD_BYTES, type Chunk, type Unpacker } from '../unpack/types.ts';
import { isMessageCatalog } from '../util/message-catalog.ts';
import { openReader, type Reader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import { DIRECTORY_FORMAT } from './directory-input.ts';
import { outOfTime } from './time-limit.ts';
import type { TreeFile } from './tree.ts';

export const ELF_FORMAT = 'executable/elf';

export interface ExtractOptions {
  /** Record on every produced file the unpacker that produced it and its parent (`handler`, `parent`). */
  provenance?: boolean;
  /**
   * Keep the whole bytes of small members (up to RETAIN_BYTES in all) as their `contents`, for
   * the stages after this one to read instead of the disk (their `diskPath` is then never
   * written, unless something read the file by its path during the stage).
   */
  retain?: boolean;
  /**
   * Told of each file of the tree, in tree order, once its turn is over (its format known,
   * its members added); `onDisk` resolves once its bytes can be read (file.contents, else diskPath).
   * Files the stage does not reach (a time limit) are not told of.
   */
  passed?: (file: TreeFile, onDisk: Promise<void>) => void;
}

export interface ExtractOutcome {
  /** Container images met on the way (docker save, OCI archives). */
  dockerImages: DockerImage[];
}

/** Specialised unpackers (a docker-save archive is a tar) are asked before the general ones. */
const DETECTION_ORDER: readonly Unpacker[] = [...UNPACKERS.filter((u) => u.specialises), ...UNPACKERS.filter((u) => !u.specialises)];

/**
 * Unpackers that read their input only through the Reader (never its path): a kept member
 * they open need not be written first. The others may hand the path to 7-Zip.
 */
const READS_THROUGH_READER = /^(?:compress\/|archive\/(?:tar|ar|cpio|zip)$)/;

/** Carving reads a file once more: files smaller than this rarely hide a payload worth it. */
const CARVE_MIN_BYTES = 4096;

/** Files of an OCI image layout that was merged: their content is the merged tree, not unpacked again. */
const IN_LAYOUT = new WeakSet<TreeFile>();

/** First bytes of members, kept by the sink while writing them: detection reads no file for them. */
const HEADS = new WeakMap<TreeFile, Buffer>();

/**
 * Memory for small members kept whole until their turn: detection, the carving scan and
 * a decompressor then read them from memory instead of opening the file again. The
 * same bytes wait to be written in the background (creating thousands of files is the
 * slowest part of unpacking a root file system): unpacking goes on meanwhile.
 */
const KEEP_BYTES = 64 * 1024 * 1024;
/**
 * Largest member kept whole. Reopening a file costs the same whatever its size, so the
 * budget goes further on many small members than on a few large ones (which the
 * carving scan reads anyway): a root file system's ~5,000 members under 128 KiB fit.
 */
const KEEP_MEMBER_BYTES = 128 * 1024;
const WRITE_BEHIND_FILES = 16_384;
/**
 * Memory for the small members kept for the later stages (ExtractOptions.retain): each of
 * them opens a root file system's ~5,000 files again, and an open costs far more than its read.
 */
const RETAIN_BYTES = 128 * 1024 * 1024;

/** What the stage shares between the files it unpacks. */
interface Shared {
  keep: KeepBudget;
  /** Memory for members kept after their turn (ExtractOptions.retain); absent when none are. */
  retain: KeepBudget | undefined;
  behind: WriteBehind;
  /** Report the members whose background write failed; run once every write has ended. */
  unsettled: (() => Promise<void>)[];
}

/**
 * Files whose reading and detection run ahead of the one being unpacked. Unpacking
 * itself stays one file at a time, in tree order, so the tree and the problems are
 * the same as without read-ahead.
 */
const READ_AHEAD = 8;

/** A file opened and detected ahead of its turn. */
interface Prepared {
  reader: Reader;
  head: Buffer;
  found: { unpacker: Unpacker; chunk: Chunk } | undefined;
  /**
   * What to carve: from 0 (a file no unpacker claims) or from an ELF or PE file's image end
   * (its overlay), with the payloads already found ahead; without them when the search
   * failed or the depth limit stops it (the carve itself then meets and reports that).
   * Absent when there is nothing to carve.
   */
  carve?: { from: number; chunks?: CarvedChunk[] };
}

export async function extractStage(ctx: ScanContext, options: ExtractOptions = {}): Promise<ExtractOutcome> {
  const { tree, signal } = ctx;
  const outcome: ExtractOutcome = { dockerImages: [] };
  const shared: Shared = {
    keep: keepBudget(KEEP_BYTES),
    retain: options.retain ? keepBudget(RETAIN_BYTES) : undefined,
    // Kept members need no file: their writes wait until it is known whether one is kept.
    behind: new WriteBehind(WRITE_BEHIND_FILES, KEEP_BYTES, { defer: options.retain === true }),
    unsettled: [],
  };
  const root = tree.files[0];
  if (root?.entry.format === DIRECTORY_FORMAT) await unpackLayouts(ctx, root, tree.files.slice(1), options, outcome, shared);
  const ahead = new Map<number, Promise<Prepared | undefined>>();
  // Ends the reading of files the walk will not reach (time limit, failure).
  const stop = new AbortController();
  const aheadSignal = AbortSignal.any([signal, stop.signal]);
  const readAhead = (from: number): void => {
    for (let j = from; j < Math.min(tree.files.length, from + READ_AHEAD); j++) {
      if (ahead.has(j)) continue;
      const job = prepare(ctx, tree.files[j], aheadSignal, shared.behind);
      // Dropped when the walk stops early: never an unhandled rejection.
      job.catch(() => undefined);
      ahead.set(j, job);
    }
  };
  // Bytes of the files examined and of every file found so far, summed as the tree grows.
  let bytesDone = 0;
  let bytesTotal = 0;
  let counted = 0;
  const countFound = (): void => {
    for (; counted < tree.files.length; counted++) bytesTotal += tree.files[counted]?.entry.size ?? 0;
  };
  try {
    // tree.files grows while we walk it: that is the breadth-first queue.
    for (let i = 0; i < tree.files.length; i++) {
      signal.throwIfAborted();
      if (outOfTime(ctx, 'file extractors', () => `${tree.files.length - i} of ${tree.files.length} files not examined`)) break;
      countFound();
      if (i > 0) bytesDone += tree.files[i - 1]?.entry.size ?? 0;
      ctx.progress({ stage: 'file extractors', done: i, total: tree.files.length, bytesDone, bytesTotal });
      readAhead(i);
      const job = ahead.get(i);
      ahead.delete(i);
      const prepared = await job;
      readAhead(i + 1);
      const file = tree.files[i];
      if (file === undefined) continue;
      const known = forget(file, shared);
      if (prepared !== undefined) {
        try {
          // Merged into an image while this file was being read ahead.
          if (!IN_LAYOUT.has(file)) await visit(ctx, file, prepared, options, outcome, shared);
        } finally {
          await prepared.reader.close();
        }
        if (known !== undefined) retain(file, known, shared);
      }
      const path = file.diskPath;
      if (path !== undefined && !(file.contents !== undefined && shared.behind.forgo(path))) shared.behind.release(path);
      options.passed?.(file, path === undefined || file.contents !== undefined ? Promise.resolve() : shared.behind.done(path));
    }
  } finally {
    stop.abort();
    for (const job of ahead.values()) await (await job.catch(() => undefined))?.reader.close();
    // No write may still be running when the work directory is removed.
    await shared.behind.settled();
  }
  // Every member is on disk now: later stages (and callers) read them.
  for (const report of shared.unsettled) await report();
  countFound();
  ctx.progress({ stage: 'file extractors', done: tree.files.length, total: tree.files.length, bytesDone: bytesTotal, bytesTotal });
  return outcome;
}

/** Open and detect a file; undefined for a file with nothing to unpack. Reads only. */
async function prepare(ctx: ScanContext, file: TreeFile | undefined, signal: AbortSignal, behind: WriteBehind): Promise<Prepared | undefined> {
  if (file?.diskPath === undefined || file.entry.size === 0 || IN_LAYOUT.has(file)) return undefined;
  const path = file.diskPath;
  const known = HEADS.get(file);
  // A member may still be being written in the background: the file is opened once it is.
  const reader = known ? lazyReader(path, file.entry.size, known, () => behind.done(path)) : await behind.done(path).then(() => openReader(path));
  try {
    const head = known ? known.subarray(0, HEAD_BYTES) : await reader.read(0, HEAD_BYTES);
    const found = await detect(head, reader);
    const deeper = file.depth < ctx.tracker.limits.maxDepth;
    let carve: Prepared['carve'];
    if (!found && (isElf(head) || isPe(head))) {
      // An executable is not carved, but what follows its image (a self-extractor's archive) is.
      const imageEnd = deeper ? await executableEnd(reader, head).catch(() => undefined) : undefined;
      if (imageEnd !== undefined && imageEnd < reader.size) carve = await carveAhead(reader, imageEnd, signal);
    } else if (!found && (reader.size >= CARVE_MIN_BYTES || file.depth === 0) && !isMessageCatalog(head)) {
      // The input itself is always carved: a small file handed in on purpose may well hide a payload.
      // At the depth limit the carve is left to report that limit. A message catalog holds nothing packed.
      carve = deeper ? await carveAhead(reader, 0, signal) : { from: 0 };
    }
    // An unpacker (or carving) may hand the file's path to a tool: it must be on disk.
    if (carve || (found && (!READS_THROUGH_READER.test(found.unpacker.name) || found.chunk.end < reader.size))) await behind.done(path);
    return carve ? { reader, head, found, carve } : { reader, head, found };
  } catch (err) {
    await reader.close();
    throw err;
  }
}

async function visit(ctx: ScanContext, file: TreeFile, prepared: Prepared, options: ExtractOptions, outcome: ExtractOutcome, shared: Shared): Promise<void> {
  const { reader, head, found } = prepared;
  if (found) {
    file.entry.format = found.unpacker.name;
    await unpack(ctx, file, reader, found.unpacker, options, outcome, shared, (target) => found.unpacker.extract({ ...target, chunk: found.chunk, fileName: fileName(file) }));
    // A header-sized format (a uImage kernel) followed by more: carve the rest.
    if (found.chunk.end < reader.size && file.depth < ctx.tracker.limits.maxDepth) {
      await unpack(ctx, file, reader, { name: CARVE }, options, outcome, shared, (target) => extractCarved(target, UNPACKERS, found.chunk.end));
    }
    return;
  }
  if (isElf(head)) file.entry.format = ELF_FORMAT;
  const { carve } = prepared;
  if (carve) await unpack(ctx, file, reader, { name: CARVE }, options, outcome, shared, (target) => extractCarved(target, UNPACKERS, carve.from, carve.chunks));
}

/**
 * The payloads from `from` on, searched ahead of the file's turn; undefined when there are
 * none (carving that finds nothing records nothing). A failed search is left to the carve itself.
 */
async function carveAhead(reader: Reader, from: number, signal: AbortSignal): Promise<Prepared['carve']> {
  return findChunks(reader, UNPACKERS, from, signal).then(
    (chunks) => (chunks.length > 0 ? { from, chunks } : undefined),
    () => ({ from }),
  );
}

async function detect(head: Buffer, reader: Reader): Promise<{ unpacker: Unpacker; chunk: Chunk } | undefined> {
  for (const unpacker of DETECTION_ORDER) {
    const chunk = await unpacker.identify(head, reader);
    if (chunk) return { unpacker, chunk };
  }
  return undefined;
}

interface Target {
  reader: Reader;
  location: string[];
  sink: ExtractSink;
  signal: AbortSignal;
  report: (p: Omit<Problem, 'plugin'> | Problem) => void;
}

async function unpack(
  ctx: ScanContext,
  file: TreeFile,
  reader: Reader,
  handler: { name: string },
  options: ExtractOptions,
  outcome: ExtractOutcome,
  shared: Shared,
  run: (target: Target) => Promise<unknown>,
): Promise<void> {
  const location = file.entry.path;
  const report = (p: Problem): void => {
    ctx.problems.push(p);
  };
  if (ctx.tracker.exhausted) return; // reported once when it happened
  if (file.depth >= ctx.tracker.limits.maxDepth) {
    report({
      level: 'warning',
      location,
      plugin: handler.name,
      code: 'limit-exceeded',
      message: limitMessage('maxDepth', `nested deeper than ${ctx.tracker.limits.maxDepth}; not unpacked`),
    });
    return;
  }
  const sink = new ExtractSink(ctx.work, ctx.tracker, location, handler.name, report, { writeBehind: shared.behind, keep: shared.keep });
  const failed = problemReporter(report, location, handler.name);
  try {
    await run({ reader, location, sink, signal: ctx.signal, report: (p) => report({ ...p, plugin: handler.name }) });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    failed(err);
  }
  // Members are still being written: a failed write is reported once all have ended.
  const settle = sink.settler();
  shared.unsettled.push(() => settle().catch(failed));
  outcome.dockerImages.push(...sink.images());
  // Whatever was extracted before a failure is kept.
  const members = sink.entries().map((member) => keepHead(sink, member, child(file, member, handler.name, options), shared));
  for (const member of members) ctx.tree.add(member);
  // An archive that held an OCI layout folder: its images' merged trees join the members.
  await unpackLayouts(ctx, file, members, options, outcome, shared);
}

/** OCI image layouts among `members` (a directory input's files, an archive's members), merged into more members. */
async function unpackLayouts(
  ctx: ScanContext,
  parent: TreeFile,
  members: readonly TreeFile[],
  options: ExtractOptions,
  outcome: ExtractOutcome,
  shared: Shared,
): Promise<void> {
  for (const layout of findLayouts(members)) {
    if (ctx.tracker.exhausted || parent.depth >= ctx.tracker.limits.maxDepth) return;
    const report = (p: Problem): void => void ctx.problems.push(p);
    const sink = new ExtractSink(ctx.work, ctx.tracker, parent.entry.path, OCI_LAYOUT, report, { writeBehind: shared.behind, keep: shared.keep });
    const failed = problemReporter(report, parent.entry.path, OCI_LAYOUT);
    try {
      // The layout's files are read from disk: members may still be being written.
      await Promise.all(layout.files.map((file) => (file.diskPath === undefined ? undefined : shared.behind.done(file.diskPath))));
      await extractLayout({ sink, signal: ctx.signal, location: parent.entry.path, report: (p) => report({ ...p, plugin: OCI_LAYOUT }) }, layout);
      // Merged: the blobs' content is in the tree now. A broken layout leaves them to be unpacked one by one.
      for (const file of layout.files) IN_LAYOUT.add(file);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      failed(err);
    }
    const settle = sink.settler();
    shared.unsettled.push(() => settle().catch(failed));
    outcome.dockerImages.push(...sink.images());
    for (const member of sink.entries()) ctx.tree.add(keepHead(sink, member, child(parent, member, OCI_LAYOUT, options), shared));
  }
}

function child(parent: TreeFile, member: ReturnType<ExtractSink['entries']>[number], handler: string, options: ExtractOptions): TreeFile {
  const entry: TreeFile['entry'] = { path: [...parent.entry.path, member.name], size: member.size, sha1: member.sha1, sha256: member.sha256 };
  if (options.provenance) {
    entry.handler = handler;
    entry.parent = parent.entry.path;
  }
  // A file inside a layer's file (a tarball in an image) comes from that layer too.
  const layer = member.layer ?? parent.entry.layer;
  if (layer !== undefined) entry.layer = layer;
  const whiteout = member.whiteout ?? parent.entry.whiteout;
  if (whiteout !== undefined) entry.whiteout = whiteout;
  const out: TreeFile = { entry, depth: parent.depth + 1, innerPath: member.name };
  if (member.linkTarget !== undefined) {
    out.entry.linkTarget = member.linkTarget;
    if (member.linkKind) out.linkKind = member.linkKind;
  }
  if (member.diskPath !== undefined) out.diskPath = member.diskPath;
  return out;
}

function keepHead(sink: ExtractSink, member: ReturnType<ExtractSink['entries']>[number], file: TreeFile, shared: Shared): TreeFile {
  const head = sink.headOf(member.name);
  if (head !== undefined && head.length >= Math.min(member.size, HEAD_BYTES) && head.length <= member.size) HEADS.set(file, head);
  else if (head !== undefined && head.length > HEAD_BYTES) shared.keep.release(head.length);
  return file;
}

/** A failure of an unpacker (or of its members' writes) as a located problem: its own when a FormatError, else internal. */
function problemReporter(report: (problem: Problem) => void, location: string[], plugin: string): (err: unknown) => void {
  return (err) => {
    if (err instanceof FormatError) report({ level: 'error', location: err.location ?? location, plugin, code: err.code, message: err.message });
    else if (isZlibError(err)) report({ level: 'error', location, plugin, ...describeStreamError(err) });
    else report(internalProblem(location, plugin, err));
  };
}

/** A zlib failure (Z_DATA_ERROR, Z_BUF_ERROR, ...) is the input's fault, not ours: corrupt or truncated, never internal. */
function isZlibError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/** Drop what is known of a file's bytes once its turn has come; answers it. */
function forget(file: TreeFile, shared: Shared): Buffer | undefined {
  const head = HEADS.get(file);
  if (head !== undefined && head.length > HEAD_BYTES) shared.keep.release(head.length);
  HEADS.delete(file);
  return head;
}

/**
 * Keep a file's bytes, when they are all of it, for the later stages (ExtractOptions.retain):
 * they read it from memory, and a file kept before its write started is never written.
 */
function retain(file: TreeFile, known: Buffer, shared: Shared): void {
  if (known.length === file.entry.size && known.length > 0 && shared.retain?.reserve(known.length)) file.contents = known;
}

/** Bytes of kept members, bounded by `limit`. */
function keepBudget(limit: number): KeepBudget {
  let used = 0;
  return {
    reserve(bytes) {
      if (bytes > KEEP_MEMBER_BYTES || used + bytes > limit) return false;
      used += bytes;
      return true;
    },
    release(bytes) {
      used -= bytes;
    },
  };
}

function fileName(file: TreeFile): string {
  return file.innerPath.slice(file.innerPath.lastIndexOf('/') + 1);
}

/** `MZ`: a DOS/PE executable, read by the static-analysis stage; only its overlay is carved. */
function isPe(head: Buffer): boolean {
  return head.length >= 64 && head[0] === 0x4d && head[1] === 0x5a;
}
