// Like runUnpacker, but hands back each member's exact bytes, for binary members
// (a UBI volume, a kernel) that utf8 text would mangle.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '../src/model/index.ts';
import { DEFAULT_LIMITS, LimitTracker } from '../src/unpack/limits.ts';
import { ExtractSink, WorkDir } from '../src/unpack/safe-fs.ts';
import { FormatError, HEAD_BYTES, type Unpacker } from '../src/unpack/types.ts';
import { openReader } from '../src/util/reader.ts';

export interface ByteOutcome {
  /** Member name → bytes; links are left out. */
  files: Map<string, Buffer>;
  problems: Problem[];
  error?: string;
}

export async function unpackBytes(unpacker: Unpacker, bytes: Buffer, fileName = 'input'): Promise<ByteOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-test-'));
  try {
    const path = join(dir, 'input');
    await writeFile(path, bytes);
    const reader = await openReader(path);
    try {
      const chunk = await unpacker.identify(await reader.read(0, HEAD_BYTES), reader);
      if (!chunk) throw new Error(`${unpacker.name} does not identify the input`);
      const problems: Problem[] = [];
      const report = (p: Problem): void => void problems.push(p);
      const sink = new ExtractSink(new WorkDir(dir), new LimitTracker({ ...DEFAULT_LIMITS }), [], unpacker.name, report);
      let error: string | undefined;
      try {
        const signal = new AbortController().signal;
        await unpacker.extract({ reader, chunk, location: [], fileName, sink, signal, report: (p) => report({ ...p, plugin: unpacker.name }) });
      } catch (err) {
        if (!(err instanceof FormatError)) throw err;
        error = `${err.code}: ${err.message}`;
      }
      const files = new Map<string, Buffer>();
      for (const e of sink.entries()) if (e.diskPath !== undefined) files.set(e.name, await readFile(e.diskPath));
      return error === undefined ? { files, problems } : { files, problems, error };
    } finally {
      await reader.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
