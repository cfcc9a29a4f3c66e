// A scan's context around one input file, for tests that run single stages of the pipeline.
import { mkdtemp } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ScanContext } from '../src/scan/context.ts';
import { FileTree } from '../src/scan/tree.ts';
import { LimitTracker, resolveLimits } from '../src/unpack/limits.ts';
import { WorkDir } from '../src/unpack/safe-fs.ts';

/** The context of a scan of `input` (`size` bytes), with a fresh work directory under `dir` and the default limits. */
export async function inputContext(dir: string, input: string, size: number): Promise<ScanContext> {
  const name = basename(input);
  const ctx: ScanContext = {
    inputName: name,
    tree: new FileTree(),
    work: new WorkDir(await mkdtemp(join(dir, 'work-'))),
    tracker: new LimitTracker(resolveLimits({})),
    signal: new AbortController().signal,
    problems: [],
    progress: () => undefined,
  };
  ctx.tree.add({ entry: { path: [], size, sha1: '', sha256: '' }, diskPath: input, depth: 0, innerPath: name });
  return ctx;
}
