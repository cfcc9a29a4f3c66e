// Stage "static analysis": executables' architecture and hardening. ELF files were
// marked by the extract stage; PE files are recognised here (MZ + PE signature) among
// files no unpacker claimed, and Mach-O (thin or fat) by magic. A reader's partial-result problems become located
// warnings; the file keeps what was read.
import { readElf } from '../executables/elf.ts';
import { isMachO, readMachO } from '../executables/macho.ts';
import { isPe, readPe } from '../executables/pe.ts';
import { openSource } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import { ELF_FORMAT } from './extract-stage.ts';
import { outOfTime } from './time-limit.ts';
import type { TreeFile } from './tree.ts';

export const PE_FORMAT = 'executable/pe';
export const MACHO_FORMAT = 'executable/macho';

export async function analyseStage(ctx: ScanContext): Promise<void> {
  const candidates = ctx.tree.files.filter((f) => f.diskPath !== undefined && (f.entry.format === ELF_FORMAT || (f.entry.format === undefined && f.entry.size >= 64)));
  for (const [i, file] of candidates.entries()) {
    ctx.signal.throwIfAborted();
    if (outOfTime(ctx, 'static analysis', () => `${candidates.length - i} of ${candidates.length} files not analysed`)) break;
    ctx.progress({ stage: 'static analysis', done: i, total: candidates.length });
    const plugin = file.entry.format ?? PE_FORMAT;
    try {
      await analyse(ctx, file);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.problems.push(internalProblem(file.entry.path, plugin, err));
    }
  }
  ctx.progress({ stage: 'static analysis', done: candidates.length, total: candidates.length });
}

async function analyse(ctx: ScanContext, file: TreeFile): Promise<void> {
  const reader = await openSource(file);
  try {
    let plugin = ELF_FORMAT;
    let result;
    const head = file.entry.format === ELF_FORMAT ? Buffer.alloc(0) : await reader.read(0, 64);
    if (file.entry.format === ELF_FORMAT) result = await readElf(reader, ctx.signal);
    else if (await isPe(head, reader)) {
      plugin = PE_FORMAT;
      file.entry.format = PE_FORMAT;
      result = await readPe(reader);
    } else if (isMachO(head)) {
      plugin = MACHO_FORMAT;
      file.entry.format = MACHO_FORMAT;
      result = await readMachO(reader);
    } else return;
    const at = { level: 'warning' as const, location: file.entry.path, plugin };
    if ('info' in result) {
      file.entry.executable = result.info;
      for (const p of result.problems ?? []) ctx.problems.push({ ...at, ...p });
    } else ctx.problems.push({ ...at, ...result.error });
  } finally {
    await reader.close();
  }
}
