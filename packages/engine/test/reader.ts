// A Reader over bytes written to a temporary file, closed and removed after `run`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openReader, type Reader } from '../src/util/reader.ts';

export async function withReader<T>(bytes: Buffer, run: (reader: Reader) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-reader-'));
  try {
    await writeFile(join(dir, 'blob'), bytes);
    const reader = await openReader(join(dir, 'blob'));
    try {
      return await run(reader);
    } finally {
      await reader.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
