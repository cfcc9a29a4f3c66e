// Stage "static analysis": executables' architecture and hardening.
import { readElf } from '../executables/elf.ts';
import { openReader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import { ELF_FORMAT } from './extract-stage.ts';

export async function analyseStage(ctx: ScanContext): Promise<void> {
  const elves = ctx.tree.files.filter((f) => f.entry.format === ELF_FORMAT && f.diskPath !== undefined);
  for (const [i, file] of elves.entries()) {
    ctx.signal.throwIfAborted();
    ctx.progress({ stage: 'static analysis', done: i, total: elves.length });
    try {
      const reader = await openReader(file.diskPath ?? '');
      try {
        const result = await readElf(reader);
        if ('info' in result) file.entry.executable = result.info;
        else ctx.problems.push({ level: 'warning', location: file.entry.path, plugin: ELF_FORMAT, ...result.error });
      } finally {
        await reader.close();
      }
    } catch (err) {
      ctx.problems.push(internalProblem(file.entry.path, ELF_FORMAT, err));
    }
  }
  ctx.progress({ stage: 'static analysis', done: elves.length, total: elves.length });
}
