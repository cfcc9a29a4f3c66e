// Check of the big-endian SquashFS 4 reader on real vendor images: the AVM pair in
// ../shared/samples/formats/squashFS (one tree packed big endian, as AVM's kernels read
// it, and little endian). The committed fixture is made by our own swapping script, so
// this is where the reader meets an image we did not write. Prints, per image, the
// files binlens finds with their sha256, and whether both images give the same tree
// and the same tree as unsquashfs gives for the little-endian one.
// Skips when ../shared (not part of a clone) or unsquashfs is missing.
//
//   node bench/unpack/squashfs-be-samples.ts
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPath } from './on-path.ts';

const BINLENS = fileURLToPath(new URL('../../packages/cli/bin/binlens.js', import.meta.url));
const SAMPLES = fileURLToPath(new URL('../../../shared/samples/formats/squashFS/', import.meta.url));
const PAIR = { be: join(SAMPLES, 'avm_be.sqfs4'), le: join(SAMPLES, 'avm_le.sqfs4') };

if (!existsSync(PAIR.be) || !existsSync(PAIR.le) || !onPath('unsquashfs')) {
  console.log('skipped: needs ../shared/samples and unsquashfs (squashfs-tools)');
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-sqfs-be-'));
try {
  const ours = { be: binlensTree(PAIR.be), le: binlensTree(PAIR.le) };
  const reference = unsquashfsTree(PAIR.le);
  for (const [name, tree] of Object.entries(ours)) {
    console.log(`${name === 'be' ? 'avm_be.sqfs4 (big endian)' : 'avm_le.sqfs4 (little endian)'}: ${Object.keys(tree).length} files`);
    for (const [path, sha] of Object.entries(tree)) console.log(`  ${sha}  ${path}`);
  }
  console.log(`big endian = little endian: ${same(ours.be, ours.le) ? 'yes' : 'NO'}`);
  console.log(`little endian = unsquashfs: ${same(ours.le, reference) ? 'yes' : 'NO'}`);
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

function same(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a).sort();
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

