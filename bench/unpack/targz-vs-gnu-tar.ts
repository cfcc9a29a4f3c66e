// Benchmark: the engine's scan of a .tar.gz (unpack + hash every file + catalogue) against
// the named baseline "GNU tar -xzf followed by sha1sum of every file", run in the same
// script on the same input. Prints the ratio; no assertion on time anywhere.
//
//   node bench/unpack/targz-vs-gnu-tar.ts [FILES=2000] [KIB_PER_FILE=32]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from '@binlens/engine';

const files = Number(process.argv[2] ?? 2000);
const kib = Number(process.argv[3] ?? 32);
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-'));

try {
  const tree = join(work, 'tree');
  for (let i = 0; i < files; i += 1) {
    const dir = join(tree, `dir${i % 50}`);
    mkdirSync(dir, { recursive: true });
    // Half-compressible content, like real firmware files.
    const bytes = Buffer.alloc(kib * 1024);
    for (let j = 0; j < bytes.length; j += 2) bytes[j] = (i * 31 + j * 7) & 0xff;
    writeFileSync(join(dir, `file${i}.bin`), bytes);
  }
  const archive = join(work, 'input.tar.gz');
  execFileSync('tar', ['-czf', archive, '-C', tree, '.']);

  const baseline = time(() => {
    const out = join(work, 'gnu');
    mkdirSync(out);
    execFileSync('tar', ['-xzf', archive, '-C', out]);
    execFileSync('sh', ['-c', `find "${out}" -type f -print0 | xargs -0 sha1sum > /dev/null`]);
  });
  const ours = await timeAsync(async () => {
    const result = await scan(archive);
    if (result.files.length < files) throw new Error(`engine saw ${result.files.length} files, expected ${files}`);
  });

  console.log(`input: ${files} files × ${kib} KiB in a .tar.gz`);
  console.log(`baseline GNU tar + sha1sum: ${baseline.toFixed(0)} ms`);
  console.log(`binlens scan:               ${ours.toFixed(0)} ms`);
  console.log(`ratio (binlens / baseline): ${(ours / baseline).toFixed(2)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function time(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

async function timeAsync(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}
