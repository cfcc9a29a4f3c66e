// Check on real firmware: Debian's OVMF builds (package `ovmf`: EDK II's reference UEFI
// firmware for virtual machines, LZMA-compressed volumes inside volumes) unpacked by
// `binlens unpack --out` and by UEFIExtract (package `uefitool-cli`, the reference
// reader). Prints, per image, how many PE32 images each found, whether the two sets of
// sha256 are the same, and both wall times. Skips when either package is missing.
//
//   node bench/unpack/uefi-vs-uefiextract.ts
// Needs (apt-get install -y): ovmf uefitool-cli
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPath } from './on-path.ts';

const BINLENS = fileURLToPath(new URL('../../packages/cli/bin/binlens.js', import.meta.url));
const IMAGES = ['/usr/share/OVMF/OVMF_CODE.fd', '/usr/share/OVMF/OVMF_CODE_4M.fd', '/usr/share/OVMF/OVMF_CODE.secboot.fd'];

const images = IMAGES.filter((p) => existsSync(p));
if (images.length === 0 || !onPath('UEFIExtract')) {
  console.log('skipped: needs Debian packages ovmf and uefitool-cli');
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-uefi-'));
try {
  for (const image of images) compare(image);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function compare(image: string): void {
  const dir = mkdtempSync(join(work, 'image-'));
  const ours = join(dir, 'binlens');
  const oursSeconds = timed(() => execFileSync(process.execPath, [BINLENS, 'unpack', image, '--out', ours], { stdio: 'ignore' }));
  const ourImages = hashes(ours, (path) => path.endsWith('.efi'));
  // UEFIExtract writes `<image>.dump` beside its input: give it a copy in the work directory.
  const copy = join(dir, basename(image));
  copyFileSync(image, copy);
  const theirSeconds = timed(() => execFileSync('UEFIExtract', [copy, 'all'], { stdio: 'ignore' }));
  const theirImages = hashes(`${copy}.dump`, (path) => path.includes('PE32 image section') && path.endsWith('body.bin'));
  const same = ourImages.size === theirImages.size && [...ourImages].every((h) => theirImages.has(h));
  const onlyOurs = [...ourImages].filter((h) => !theirImages.has(h)).length;
  const onlyTheirs = [...theirImages].filter((h) => !ourImages.has(h)).length;
  console.log(
    `${basename(image)}: PE32 images binlens ${ourImages.size}, UEFIExtract ${theirImages.size}, ` +
      `${same ? 'identical sets' : `differ (${onlyOurs} only ours, ${onlyTheirs} only UEFIExtract's)`}; ` +
      `binlens ${oursSeconds.toFixed(2)} s, UEFIExtract ${theirSeconds.toFixed(2)} s`,
  );
}

/** sha256 of every file under `root` whose path passes `keep`. */
function hashes(root: string, keep: (path: string) => boolean): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && keep(path)) found.add(createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return found;
}

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

