// Runs one unpacker on bytes, outside the pipeline, and returns what it produced.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '../src/model/index.ts';
import { DEFAULT_LIMITS, type Limits, LimitTracker } from '../src/unpack/limits.ts';
import { ExtractSink, WorkDir } from '../src/unpack/safe-fs.ts';
import { FormatError, HEAD_BYTES, type Unpacker } from '../src/unpack/types.ts';
import { openReader } from '../src/util/reader.ts';

export interface UnpackOutcome {
  identified: boolean;
  /** Member name → content (utf8), or `-> target` for links. */
  members: Record<string, string>;
  problems: Problem[];
  /** The FormatError the extractor ended with, as `code: message`. */
  error?: string;
}

export async function runUnpacker(unpacker: Unpacker, bytes: Buffer, limits: Partial<Limits> = {}, fileName = 'input'): Promise<UnpackOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-test-'));
  try {
    const path = join(dir, 'input');
    await writeFile(path, bytes);
    const reader = await openReader(path);
    try {
      const chunk = await unpacker.identify(await reader.read(0, HEAD_BYTES), reader);
      if (!chunk) return { identified: false, members: {}, problems: [] };
      const problems: Problem[] = [];
      const report = (p: Problem): void => void problems.push(p);
      const sink = new ExtractSink(new WorkDir(dir), new LimitTracker({ ...DEFAULT_LIMITS, ...limits }), [], unpacker.name, report);
      let error: string | undefined;
      try {
        await unpacker.extract({
          reader,
          chunk,
          location: [],
          fileName,
          sink,
          signal: new AbortController().signal,
          report: (p) => report({ ...p, plugin: unpacker.name }),
        });
      } catch (err) {
        if (!(err instanceof FormatError)) throw err;
        error = `${err.code}: ${err.message}`;
      }
      const members: Record<string, string> = {};
      for (const e of sink.entries()) {
        members[e.name] = e.linkTarget !== undefined ? `-> ${e.linkTarget}` : (await readFile(e.diskPath ?? '')).toString('utf8');
      }
      return error === undefined ? { identified: true, members, problems } : { identified: true, members, problems, error };
    } finally {
      await reader.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
