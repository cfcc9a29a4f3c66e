// Decompression bombs, scaled down: each scan ends with its `limit-exceeded` problems
// (the limit named, with how to raise it), writes a bounded number of bytes and leaves
// nothing behind. bench/hostile/bombs.ts runs the same generators at full size.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/pipeline.ts';
import type { Identification, Problem } from '../../src/model/index.ts';
import { type Limits, LimitTracker, resolveLimits } from '../../src/unpack/limits.ts';
import { gzip } from '../../src/unpack/formats/compress/gzip.ts';
import { ExtractSink, WorkDir } from '../../src/unpack/safe-fs.ts';
import { openReader } from '../../src/util/reader.ts';
import { manyEntriesZip, megabyteMembersZip, nestedZipBomb, zeroGzip } from './bombs.ts';

const MiB = 1024 * 1024;
let inputs: string;

beforeAll(async () => {
  inputs = await mkdtemp(join(tmpdir(), 'binlens-bombs-'));
});
afterAll(async () => {
  await rm(inputs, { recursive: true, force: true });
});

describe('decompression bombs', () => {
  it('a gzip of 64 MiB of zeros stops after a few MiB: the ratio is taken against the compressed bytes read so far', async () => {
    const { id, peak } = await scanBounded(await zeroGzip(inputs, 64 * MiB));
    expect(limitsHit(id)).toEqual([['limit-exceeded', ['zeros'], 'maxCompressionRatio']]);
    expect(id.files.map((f) => f.path)).toEqual([[]]);
    expect(peak).toBeLessThan(4 * MiB);
  });

  it('the gzip stream is cut as soon as its output passes 1 MiB: the decoder has taken ~1 KB by then', async () => {
    const path = await zeroGzip(await mkdtemp(join(inputs, 'gz-')), 64 * MiB);
    const reader = await openReader(path);
    try {
      const tracker = new LimitTracker(resolveLimits(undefined, reader.size));
      const problems: Problem[] = [];
      const sink = new ExtractSink(new WorkDir(await mkdtemp(join(inputs, 'work-'))), tracker, [], gzip.name, (p) => void problems.push(p));
      const report = (p: Omit<Problem, 'plugin'>): void => void problems.push({ ...p, plugin: gzip.name });
      await gzip.extract({ reader, chunk: { start: 0, end: reader.size }, location: [], fileName: 'zeros.gz', sink, signal: new AbortController().signal, report });
      // Bytes accounted before the cut: the floor exactly (16 KiB chunks), not 250 × the stream's 65 KB.
      expect([tracker.totalBytes, problems.map((p) => p.code), sink.entries()]).toEqual([MiB, ['limit-exceeded'], []]);
    } finally {
      await reader.close();
    }
  });

  it('a zip of 300 members of exactly 1 MiB of zeros: over the budget up front, then stopped by its aggregate ratio', async () => {
    const path = await megabyteMembersZip(inputs, 300);
    const { id, peak } = await scanBounded(path);
    // 300 MiB declared > max(256 MiB, 32 × 300 KB); the members together pass 250:1 after 4 MiB.
    expect(limitsHit(id)).toEqual([
      ['limit-exceeded', [], 'maxTotalBytes'],
      ['limit-exceeded', [], 'maxCompressionRatio'],
    ]);
    expect(id.problems[0]?.message).toBe(
      "the zip declares 314572800 bytes, more than the 268435456 bytes left of the scan's budget; only the entries that fit are extracted (maxTotalBytes): raise with --limit maxTotalBytes=N on the command line, or the scan's limits setting",
    );
    expect(id.files.map((f) => f.path)).toEqual([[], ['zeros/0.bin'], ['zeros/1.bin'], ['zeros/2.bin'], ['zeros/3.bin']]);
    expect(peak).toBeLessThan(8 * MiB);
  });

  it('a 42.zip-style nested bomb ends at the scan budget, each leaf cut by its ratio', async () => {
    const path = await nestedZipBomb(inputs, { levels: 2, fanOut: 16, leafBytes: 4 * MiB });
    const { id, peak } = await scanBounded(path, { maxTotalBytes: 16 * MiB });
    const hits = limitsHit(id);
    expect([...new Set(hits.map(([code, , limit]) => `${code} ${limit}`))]).toEqual(['limit-exceeded maxCompressionRatio', 'limit-exceeded maxTotalBytes']);
    expect(hits.filter(([, , limit]) => limit === 'maxTotalBytes')).toHaveLength(1);
    // Every leaf of zeros was cut: none is in the tree.
    expect(id.files.filter((f) => f.path.at(-1) === '0.bin')).toEqual([]);
    expect(peak).toBeLessThan(24 * MiB);
  });

  it('a zip of 3,000 entries under maxFiles=500: over the budget up front, the first 500 extracted', async () => {
    const { id } = await scanBounded(await manyEntriesZip(inputs, 3000), { maxFiles: 500 });
    expect(limitsHit(id)).toEqual([
      ['limit-exceeded', [], 'maxFiles'],
      ['limit-exceeded', ['d0/f500.txt'], 'maxFiles'],
    ]);
    expect(id.files).toHaveLength(501);
  });
});

/** Scans `path` with a fresh temp dir, sampling the size of what it holds; the dir must end empty. */
async function scanBounded(path: string, limits: Partial<Limits> = {}): Promise<{ id: Identification; peak: number }> {
  const temp = await mkdtemp(join(tmpdir(), 'binlens-bombs-work-'));
  try {
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await treeBytes(temp));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const id = await scan(path, { tempDir: temp, limits });
    sampling = false;
    await sampler;
    // Nothing left in the temp dir, nothing written beside the input.
    expect(await readdir(temp)).toEqual([]);
    expect((await readdir(inputs)).every((name) => !name.startsWith('binlens'))).toBe(true);
    return { id, peak };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Each limit problem as [code, location, the Limits key its message names], checking it says how to raise it. */
function limitsHit(id: Identification): [string, string[], string][] {
  return id.problems.map((p) => {
    const key = /\((\w+)\): raise with --limit (\w+)=N on the command line, or the scan's limits setting$/.exec(p.message);
    expect(key?.[1]).toBe(key?.[2]);
    return [p.code, p.location, key?.[1] ?? p.message];
  });
}

async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    total += await stat(join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
  }
  return total;
}
