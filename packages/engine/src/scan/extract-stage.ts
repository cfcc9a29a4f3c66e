// Stage "file extractors": detect every file's format by magic and unpack
// archives and compressed streams, breadth first, until nothing new appears or
// a limit says stop. Members of members are detected the same way.
import type { Problem } from '../model/index.ts';
import { isElf } from '../executables/elf.ts';
import { UNPACKERS } from '../unpack/registry.ts';
import { ExtractSink } from '../unpack/safe-fs.ts';
import { FormatError, HEAD_BYTES, type Chunk, type Unpacker } from '../unpack/types.ts';
import { openReader, type Reader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import type { TreeFile } from './tree.ts';

export const ELF_FORMAT = 'executable/elf';

export async function extractStage(ctx: ScanContext): Promise<void> {
  const { tree, signal } = ctx;
  // tree.files grows while we walk it: that is the breadth-first queue.
  for (let i = 0; i < tree.files.length; i++) {
    signal.throwIfAborted();
    ctx.progress({ stage: 'file extractors', done: i, total: tree.files.length });
    const file = tree.files[i];
    if (file?.diskPath === undefined || file.entry.size === 0) continue;
    await visit(ctx, file, file.diskPath);
  }
  ctx.progress({ stage: 'file extractors', done: tree.files.length, total: tree.files.length });
}

async function visit(ctx: ScanContext, file: TreeFile, diskPath: string): Promise<void> {
  const reader = await openReader(diskPath);
  try {
    const head = await reader.read(0, HEAD_BYTES);
    const found = await detect(head, reader);
    if (found) {
      file.entry.format = found.unpacker.name;
      await unpack(ctx, file, reader, found.unpacker, found.chunk);
    } else if (isElf(head)) {
      file.entry.format = ELF_FORMAT;
    }
  } finally {
    await reader.close();
  }
}

async function detect(head: Buffer, reader: Reader): Promise<{ unpacker: Unpacker; chunk: Chunk } | undefined> {
  for (const unpacker of UNPACKERS) {
    const chunk = await unpacker.identify(head, reader);
    if (chunk) return { unpacker, chunk };
  }
  return undefined;
}

async function unpack(ctx: ScanContext, file: TreeFile, reader: Reader, unpacker: Unpacker, chunk: Chunk): Promise<void> {
  const location = file.entry.path;
  const report = (p: Problem): void => {
    ctx.problems.push(p);
  };
  if (ctx.tracker.exhausted) return; // reported once when it happened
  if (file.depth >= ctx.tracker.limits.maxDepth) {
    report({
      level: 'warning',
      location,
      plugin: unpacker.name,
      code: 'limit-exceeded',
      message: `nested deeper than ${ctx.tracker.limits.maxDepth} (maxDepth); not unpacked`,
    });
    return;
  }
  const sink = new ExtractSink(ctx.work, ctx.tracker, location, unpacker.name, report);
  try {
    await unpacker.extract({
      reader,
      chunk,
      location,
      fileName: file.innerPath.slice(file.innerPath.lastIndexOf('/') + 1),
      sink,
      signal: ctx.signal,
      report: (p) => report({ ...p, plugin: unpacker.name }),
    });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    if (err instanceof FormatError) {
      report({ level: 'error', location: err.location ?? location, plugin: unpacker.name, code: err.code, message: err.message });
    } else {
      report(internalProblem(location, unpacker.name, err));
    }
  }
  // Whatever was extracted before a failure is kept.
  for (const member of sink.entries()) {
    const entry = { path: [...location, member.name], size: member.size, sha1: member.sha1, sha256: member.sha256 };
    const child: TreeFile = { entry, depth: file.depth + 1, innerPath: member.name };
    if (member.linkTarget !== undefined) {
      child.entry = { ...entry, linkTarget: member.linkTarget };
      if (member.linkKind) child.linkKind = member.linkKind;
    }
    if (member.diskPath !== undefined) child.diskPath = member.diskPath;
    ctx.tree.add(child);
  }
}
