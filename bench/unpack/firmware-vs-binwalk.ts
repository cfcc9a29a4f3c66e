// Benchmark: `binlens unpack --out` against `binwalk -Me` (Debian's binwalk 2.3) and the
// format's own tool, on two inputs built from one Debian minbase root filesystem:
//   (a) firmware.bin: random vendor bytes, then a uImage (mkimage) holding a SquashFS
//       (mksquashfs -comp xz) of the root filesystem, then erased flash (0xff);
//   (b) docker.tar: the same root filesystem in 3 layers, in the `docker save` layout
//       (manifest.json, repositories, <config sha256>.json, <layer id>/layer.tar).
// Baselines: binwalk -Me on both; unsquashfs of the SquashFS for (a); `tar -x` of the
// archive then of each layer for (b). Then a 2 GB tar of random files, for memory only.
// Every tool runs as a child under /usr/bin/time -v, which gives its peak RSS.
// Inputs are cached in $BINLENS_BENCH_DIR (default $TMPDIR/binlens-bench-unpack).
//
//   node bench/unpack/firmware-vs-binwalk.ts [--rounds N] [--skip-2g | --2g-only | --docker-only | --firmware-only]
// (--docker-only, --firmware-only: input (b) or (a) alone, nothing else built or run; --rounds N:
// each tool runs N times, taking turns, default 3; the ratios are of the median times)
// Needs (apt-get install -y): debootstrap squashfs-tools u-boot-tools binwalk time
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DockerArchive, buildDockerArchive as buildArchive, debianRootfs as buildRootfs } from '../debian-image.ts';

const WORK = process.env.BINLENS_BENCH_DIR ?? join(tmpdir(), 'binlens-bench-unpack');
const BINLENS = fileURLToPath(new URL('../../packages/cli/bin/binlens.js', import.meta.url));
const MIB = 1024 * 1024;

interface Run {
  seconds: number;
  peakRssMiB: number;
}

main();

function main(): void {
  mkdirSync(WORK, { recursive: true });
  // `binlens` runs through its shebang (`env node`): this script's Node must come first.
  process.env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  if (process.argv.includes('--docker-only')) {
    compareDocker(buildDockerArchive(debianRootfs()));
    return;
  }
  if (process.argv.includes('--firmware-only')) {
    compareFirmware(buildFirmware(debianRootfs()));
    return;
  }
  if (!process.argv.includes('--2g-only')) compare();
  if (!process.argv.includes('--skip-2g')) {
    const big = buildBigTar();
    const run = ours(big, false);
    console.log(`\n2 GiB tar of random files (${mib(statSync(big).size)} MiB): binlens unpack --list ${run.seconds.toFixed(1)} s, peak RSS ${run.peakRssMiB} MiB`);
  }
}

function compare(): void {
  const rootfs = debianRootfs();
  const firmware = buildFirmware(rootfs);
  const docker = buildDockerArchive(rootfs);

  console.log(`root filesystem: Debian 12 minbase, ${mib(duBytes(rootfs))} MiB`);
  compareFirmware(firmware);
  compareDocker(docker);
}

/** The machine may be shared: the load average says how much the figures can be trusted. */
function load(): string {
  return loadavg()[0]?.toFixed(2) ?? '?';
}

/** Rounds per comparison (`--rounds N`, default 3): the tools take turns, and medians are compared. */
function rounds(): number {
  const at = process.argv.indexOf('--rounds');
  const n = at === -1 ? 3 : Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error('--rounds takes a positive whole number');
  return n;
}

/**
 * Runs every tool once per round, in turn, so a slow spell of the shared disk hits all
 * of them alike; one run per tool swings by up to 1.5x on this kind of machine.
 */
function takeTurns(tools: Record<string, () => Run>): Record<string, Run[]> {
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(tools).map((name) => [name, []]));
  for (let round = 0; round < rounds(); round++) {
    for (const [name, tool] of Object.entries(tools)) runs[name]?.push(tool());
  }
  return runs;
}

function compareFirmware(firmware: Firmware): void {
  const before = load();
  const runs = takeTurns({
    binlens: () => ours(firmware.blob),
    binwalk: () => binwalk(firmware.blob),
    unsquashfs: () => timed('unsquashfs', ['-no-xattrs', '-q', '-d', fresh('out-unsquashfs'), firmware.squashfs]),
  });
  report(`(a) firmware.bin ${mib(statSync(firmware.blob).size)} MiB (uImage + SquashFS xz), load average ${before} → ${load()}`, runs);
}

function compareDocker(docker: DockerArchive): void {
  const before = load();
  const runs = takeTurns({
    binlens: () => ours(docker.archive),
    binwalk: () => binwalk(docker.archive),
    'tar -x': () => tarEachLayer(docker),
  });
  report(`(b) docker.tar ${mib(statSync(docker.archive).size)} MiB (3 layers), load average ${before} → ${load()}`, runs);
}

/** Median wall time of each tool, every run's time, peak RSS over the runs; ratios of medians. */
function report(title: string, runs: Record<string, Run[]>): void {
  const median = (list: Run[]): number => {
    const sorted = list.map((r) => r.seconds).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  const describe = (list: Run[]): string =>
    `median ${median(list).toFixed(2)} s (${list.map((r) => r.seconds.toFixed(2)).join(' / ')})   peak RSS ${Math.max(...list.map((r) => r.peakRssMiB))} MiB`;
  const { binlens = [], ...baselines } = runs;
  console.log(`\n${title}, ${binlens.length} round(s)`);
  console.log(`  ${'binlens unpack --out'.padEnd(22)} ${describe(binlens)}`);
  for (const [name, list] of Object.entries(baselines)) {
    const ratio = median(list) / median(binlens);
    console.log(`  ${name.padEnd(22)} ${describe(list)}   binlens is ${ratio.toFixed(2)}x ${ratio >= 1 ? 'faster' : 'slower'}`);
  }
}

/** debootstrap once; the result is cached (bench/debian-image.ts). */
function debianRootfs(): string {
  return buildRootfs(WORK);
}

/** Three layers (usr; the rest but var; var), laid out as `docker save` (docker < 25) writes them. */
function buildDockerArchive(rootfs: string): DockerArchive {
  return buildArchive(WORK, rootfs);
}

interface Firmware {
  blob: string;
  squashfs: string;
}

function buildFirmware(rootfs: string): Firmware {
  const blob = join(WORK, 'firmware.bin');
  const squashfs = join(WORK, 'rootfs.sqfs');
  if (existsSync(blob) && existsSync(squashfs)) return { blob, squashfs };
  // Device nodes and xattrs stay out: firmware root filesystems rarely carry them.
  execFileSync('mksquashfs', [rootfs, squashfs, '-comp', 'xz', '-noappend', '-no-xattrs', '-all-root', '-quiet', '-e', 'dev', 'proc', 'sys'], { stdio: 'ignore' });
  const uimage = join(WORK, 'rootfs.uimage');
  execFileSync('mkimage', ['-A', 'mips', '-O', 'linux', '-T', 'filesystem', '-C', 'none', '-n', 'rootfs', '-d', squashfs, uimage], { stdio: 'ignore' });
  const image = readFileSync(uimage);
  const at = 0x40000;
  const size = Math.ceil((at + image.length) / (4 * MIB)) * 4 * MIB + 4 * MIB;
  const out = Buffer.alloc(size, 0xff);
  randomBytes(at / 2).copy(out, 0); // vendor header and boot loader stand-in
  image.copy(out, at);
  writeFileSync(blob, out);
  return { blob, squashfs };
}

/** 2 GiB of random files (1 MiB each) in one tar, written as a stream: never 2 GiB in memory. */
function buildBigTar(): string {
  const out = join(WORK, 'random-2g.tar');
  if (existsSync(out)) return out;
  const partial = `${out}.partial`;
  const fd = openSync(partial, 'w');
  try {
    for (let i = 0; i < 2048; i++) {
      writeSync(fd, tarHeader(`random/file${String(i).padStart(4, '0')}.bin`, MIB));
      writeSync(fd, randomBytes(MIB));
    }
    writeSync(fd, Buffer.alloc(1024));
  } finally {
    closeSync(fd);
  }
  renameSync(partial, out);
  return out;
}

/** One ustar header for a regular file. */
function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 'latin1');
  h.write('0000644\0', 100, 'latin1');
  h.write('0000000\0', 108, 'latin1');
  h.write('0000000\0', 116, 'latin1');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  h.write('14524572200\0', 136, 'latin1');
  h.write('        ', 148, 'latin1');
  h.write('0', 156, 'latin1');
  h.write('ustar\x0000', 257, 'latin1');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return h;
}

/**
 * Our unpack in a child process, writing the tree out like the baselines do. The command
 * runs as a user runs it, through its shebang (which gives V8 its flags).
 */
function ours(input: string, writeOut = true): Run {
  const args = writeOut ? ['unpack', input, '--out', fresh('out-binlens')] : ['unpack', input, '--list'];
  const run = timed(BINLENS, args);
  if (writeOut) rmSync(join(WORK, 'out-binlens'), { recursive: true, force: true });
  return run;
}

function binwalk(input: string): Run {
  const args = ['-Me', '-q', '-C', fresh('out-binwalk'), input];
  // Debian's binwalk refuses to extract as root unless told to.
  if (process.getuid?.() === 0) args.unshift('--run-as=root');
  const run = timed('binwalk', args);
  rmSync(join(WORK, 'out-binwalk'), { recursive: true, force: true });
  return run;
}

/** `tar -x` of the archive, then of each layer in order into one tree. */
function tarEachLayer(docker: DockerArchive): Run {
  const script = [`tar -xf "${docker.archive}" -C "${fresh('out-tar-outer')}"`, ...docker.layers.map((l) => `tar -xf "${l}" -C "${join(WORK, 'out-tar')}"`)].join(' && ');
  fresh('out-tar');
  const run = timed('sh', ['-c', script]);
  rmSync(join(WORK, 'out-tar'), { recursive: true, force: true });
  rmSync(join(WORK, 'out-tar-outer'), { recursive: true, force: true });
  return run;
}

/** Wall time and peak RSS of one command, from GNU time's verbose report. */
function timed(command: string, args: string[]): Run {
  const start = performance.now();
  const child = spawnSync('/usr/bin/time', ['-v', command, ...args], { encoding: 'utf8', maxBuffer: 512 * MIB, stdio: ['ignore', 'ignore', 'pipe'] });
  const seconds = (performance.now() - start) / 1000;
  if (child.status !== 0) console.error(`${command} exited ${child.status}: ${child.stderr.split('\n').slice(0, 5).join(' | ')}`);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1];
  return { seconds, peakRssMiB: Math.round(Number(rss ?? 0) / 1024) };
}

/** An empty directory in WORK. */
function fresh(name: string): string {
  const dir = join(WORK, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

function duBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

function mib(bytes: number): string {
  return (bytes / MIB).toFixed(0);
}
