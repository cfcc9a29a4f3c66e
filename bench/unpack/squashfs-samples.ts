// Check of the SquashFS readers on images we did not write: every sample in
// ../shared/samples/formats/squashFS (fact_extractor's test images: one three-file tree
// packed as version 4 with each compressor, AVM's big- and little-endian version 4, and
// versions 2 and 3 in both byte orders). The committed big-endian fixture is made by our
// own swapping script, and no free tool writes versions 2 and 3, so this is where those
// paths meet real images. Prints, per image, whether binlens finds exactly the regular
// files (sha256 for sha256) that unsquashfs extracts from the little-endian version 4 one.
// Skips when ../shared (not part of a clone) or unsquashfs is missing.
//
//   node bench/unpack/squashfs-samples.ts
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPath } from './on-path.ts';

const BINLENS = fileURLToPath(new URL('../../packages/cli/bin/binlens.js', import.meta.url));
const SAMPLES = fileURLToPath(new URL('../../../shared/samples/formats/squashFS/', import.meta.url));
const REFERENCE = join(SAMPLES, 'avm_le.sqfs4');

if (!existsSync(REFERENCE) || !onPath('unsquashfs')) {
  console.log('skipped: needs ../shared/samples and unsquashfs (squashfs-tools)');
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-sqfs-'));
try {
  const reference = unsquashfsTree(REFERENCE);
  console.log(`unsquashfs of avm_le.sqfs4: ${Object.keys(reference).length} files`);
  for (const [path, sha] of Object.entries(reference)) console.log(`  ${sha}  ${path}`);
  let same = 0;
  const samples = readdirSync(SAMPLES).sort();
  for (const sample of samples) {
    const ours = binlensTree(join(SAMPLES, sample));
    const match = sameTree(ours, reference);
    if (match) same++;
    console.log(`${sample.padEnd(18)} ${Object.keys(ours).length} files, same as unsquashfs: ${match ? 'yes' : 'NO'}`);
  }
  console.log(`${same} of ${samples.length} images give the reference tree`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Path → sha256 of every regular file in binlens's JSON listing. */
function binlensTree(image: string): Record<string, string> {
  const json = JSON.parse(execFileSync(process.execPath, [BINLENS, 'unpack', image, '--json'], { encoding: 'utf8' })) as {
    files: { extended_fullpath: string; sha256?: string; linkTarget?: string }[];
    problems: { message: string }[];
  };
  for (const problem of json.problems) console.log(`  problem in ${image}: ${problem.message}`);
  return Object.fromEntries(json.files.filter((f) => f.linkTarget === undefined && f.sha256).map((f) => [f.extended_fullpath, f.sha256 ?? '']));
}

function unsquashfsTree(image: string): Record<string, string> {
  const dir = join(work, 'unsquashfs');
  execFileSync('unsquashfs', ['-no-xattrs', '-d', dir, image], { stdio: 'ignore' });
  const tree: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) tree[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return tree;
}

function sameTree(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a).sort();
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

