// Benchmark: identification accuracy on real Debian 12 packages. Downloads the packages
// with `apt-get download`, builds (a) a root file system with its dpkg database and
// (b) the same files without any package metadata, scans both as directories and prints
// precision and recall of (name, version) against the dpkg database; then signature
// matching throughput over the executables and the cost of 1,000 more signatures.
// Skips (exit 0) when apt-get download is not possible. No assertion anywhere.
//
//   node bench/identify/accuracy.ts [CACHE_DIR=$TMPDIR/binlens-bench-debs]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Component, type Signature, SignatureMatcher, allSignatures, sameSoftware, scan } from '@binlens/engine';
import { PACKAGES } from './packages.ts';

/**
 * Copies of a library compiled into another package's binaries, checked by hand against that
 * package's sources: finding one is right although no package of its name is installed.
 */
const EMBEDDED: readonly { name: string; version: string; why: string }[] = [
  { name: 'lua', version: '5.1.5', why: 'redis-tools builds redis\'s bundled deps/lua (Lua 5.1.5) into redis-check-aof and redis-check-rdb' },
  { name: 'libwebsockets', version: '4.1.6', why: 'mosquitto links libwebsockets statically: it defines the lws_* functions itself and does not NEED libwebsockets.so.17' },
];

const cache = process.argv[2] ?? join(tmpdir(), 'binlens-bench-debs');
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-identify-'));

interface Installed {
  name: string;
  version: string;
  /** Upstream version: epoch and Debian revision removed (`1:1.2.13.dfsg-1` → `1.2.13`). */
  upstream: string;
  /** Whether some ELF file of the package holds the upstream version as a string. */
  shipsVersion: boolean;
  /** The package as the dpkg cataloger reports it (for sameSoftware). */
  component?: Component;
}

try {
  const debs = download();
  if (debs.length === 0) {
    console.log('skipped: apt-get download is not possible here');
  } else {
    const withDb = join(work, 'with-db');
    const installed = buildRootfs(withDb, debs);
    const bare = join(work, 'bare');
    execFileSync('cp', ['-a', withDb, bare]);
    rmSync(join(bare, 'var/lib/dpkg'), { recursive: true, force: true });
    await report(installed, withDb, bare);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

function download(): string[] {
  mkdirSync(cache, { recursive: true });
  try {
    execFileSync('apt-get', ['download', ...PACKAGES], { cwd: cache, stdio: 'ignore', timeout: 600_000 });
  } catch {
    // Partial downloads are used as they are; none at all means skip.
  }
  return readdirSync(cache).filter((f) => f.endsWith('.deb')).sort().map((f) => join(cache, f));
}

function buildRootfs(root: string, debs: string[]): Installed[] {
  mkdirSync(join(root, 'var/lib/dpkg/info'), { recursive: true });
  mkdirSync(join(root, 'etc'), { recursive: true });
  writeFileSync(join(root, 'etc/os-release'), 'ID=debian\nVERSION_ID="12"\n');
  const status: string[] = [];
  const installed: Installed[] = [];
  for (const deb of debs) {
    const control = execFileSync('dpkg-deb', ['-f', deb]).toString('utf8').trimEnd();
    const field = (name: string): string => new RegExp(`^${name}: (.*)$`, 'm').exec(control)?.[1] ?? '';
    const name = field('Package');
    const version = field('Version');
    const tmp = join(work, 'x', name);
    mkdirSync(tmp, { recursive: true });
    execFileSync('dpkg-deb', ['-x', deb, tmp]);
    const files = execFileSync('find', ['.', '-mindepth', '1'], { cwd: tmp }).toString('utf8').trim().split('\n').map((f) => f.slice(1));
    const upstream = version.replace(/^\d+:/, '').replace(/-[^-]*$/, '').replace(/[+~.]?(dfsg|ds|really).*$/, '');
    installed.push({ name, version, upstream, shipsVersion: shipsVersion(tmp, files, upstream) });
    execFileSync('cp', ['-a', '--remove-destination', `${tmp}/.`, root]);
    status.push(control.replace(/^Package: .*$/m, (l) => `${l}\nStatus: install ok installed`));
    writeFileSync(join(root, 'var/lib/dpkg/info', `${name}.list`), `${files.join('\n')}\n`);
  }
  writeFileSync(join(root, 'var/lib/dpkg/status'), `${status.join('\n\n')}\n`);
  return installed;
}

function shipsVersion(dir: string, files: string[], upstream: string): boolean {
  const needle = Buffer.from(upstream, 'latin1');
  return files.some((f) => {
    const path = join(dir, f);
    try {
      const bytes = readFileSync(path);
      return bytes.subarray(0, 4).toString('latin1') === '\x7fELF' && bytes.includes(needle);
    } catch {
      return false; // a directory or a dangling link
    }
  });
}

async function report(installed: Installed[], withDb: string, bare: string): Promise<void> {
  const a = await scan(withDb, { name: 'rootfs-with-dpkg' });
  const truth = new Set(installed.map((p) => `${p.name}@${p.version}`));
  const dp = a.components.filter((c) => c.codetype === 'DP');
  const hitsA = dp.filter((c) => truth.has(`${c.name}@${c.version}`)).length;
  for (const p of installed) p.component = dp.find((c) => c.name === p.name);
  console.log(`packages: ${installed.length} Debian 12 packages`);
  console.log(`(a) with dpkg database:    precision ${ratio(hitsA, dp.length)}  recall ${ratio(hitsA, installed.length)}`);

  const b = await scan(bare, { name: 'rootfs-bare' });
  const found = b.components.filter((c) => c.codetype === 'NA' && c.version !== '');
  const matches = (c: Component, p: Installed): boolean => p.component !== undefined && sameSoftware(c.name, p.component) && p.upstream.startsWith(c.version);
  const embedded = found.filter((c) => EMBEDDED.some((e) => e.name === c.name && e.version === c.version));
  const correct = found.filter((c) => installed.some((p) => matches(c, p)) || embedded.includes(c));
  const shipping = installed.filter((p) => p.shipsVersion);
  const recalled = shipping.filter((p) => found.some((c) => matches(c, p)));
  console.log(`(b) without metadata:      precision ${ratio(correct.length, found.length)}  recall ${ratio(recalled.length, shipping.length)} of ${shipping.length} packages shipping a version string`);
  const wrong = found.filter((c) => !correct.includes(c)).map((c) => `${c.name}@${c.version}`);
  if (wrong.length > 0) console.log(`    not matching a package: ${wrong.join(', ')}`);
  for (const c of embedded) console.log(`    embedded copy, counted right: ${c.name}@${c.version} (${EMBEDDED.find((e) => e.name === c.name)?.why ?? ''})`);
  const missed = shipping.filter((p) => !recalled.includes(p)).map((p) => `${p.name}@${p.upstream}`);
  if (missed.length > 0) console.log(`    missed: ${missed.join(', ')}`);
  await throughput(bare, b.files.filter((f) => f.format === 'executable/elf').map((f) => f.path[0] ?? ''));
}

async function throughput(root: string, executables: string[]): Promise<void> {
  const buffers = executables.map((p) => readFileSync(join(root, p)));
  const bytes = buffers.reduce((n, x) => n + x.length, 0);
  const base = allSignatures();
  const synthetic = Array.from({ length: 1000 }, (_, i): Signature => ({
    id: `synthetic-${i}`,
    name: `synthetic-${i}`,
    vendor: 'bench',
    purl: { type: 'generic' },
    patterns: [{ anchor: `synthlib${i.toString(36)} version `, regex: `synthlib${i.toString(36)} version (?<version>\\d+\\.\\d+)` }],
  }));
  // Both matchers are built outside the timing and run alternately (ABBA), best run each:
  // a load change on the shared machine then hits both alike.
  const matchers = [new SignatureMatcher(base), new SignatureMatcher([...base, ...synthetic])] as const;
  const best = [Infinity, Infinity];
  for (let round = 0; round < 4; round++) {
    for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const matcher = matchers[which] as SignatureMatcher;
      const start = process.hrtime.bigint();
      for (const buf of buffers) await matcher.scan(buf.length, async (o, l) => buf.subarray(o, o + l));
      best[which] = Math.min(best[which] ?? Infinity, Number(process.hrtime.bigint() - start) / 1e9);
    }
  }
  const [ours, more] = best.map((seconds) => bytes / 1e6 / seconds) as [number, number];
  const [small, large] = matchers.map((m) => `${m.automatonStates} states × ${m.automatonColumns} columns`);
  console.log(`signature matching: ${ours.toFixed(1)} MB/s on one core over ${executables.length} executables (${(bytes / 1e6).toFixed(1)} MB), ${base.length} signatures (${small})`);
  console.log(`with 1,000 synthetic signatures more: ${more.toFixed(1)} MB/s (cost ${(((ours - more) / ours) * 100).toFixed(1)}%; ${large})`);
}

function ratio(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${(n / d).toFixed(2)} (${n}/${d})`;
}

