// Benchmark: identification accuracy on a Debian 12 root file system. Builds once, in
// CACHE_DIR, a minbase root file system (`debootstrap --variant=minbase bookworm` from the
// Debian archive) and downloads PACKAGES (`apt-get download`); the packages that the base
// lacks are unpacked on top, each with its dpkg status paragraph and file list. Scans (a) that
// tree with its dpkg database and (b) the same tree with /var/lib/dpkg removed, and prints
// precision and recall of (name, version) against the dpkg database; then the number of
// signatures, signature matching throughput over the executables and the cost of 1,000 more
// signatures. Skips (exit 0) when debootstrap or the downloads are not possible. No assertion.
//
//   node bench/identify/accuracy.ts [CACHE_DIR=$TMPDIR/binlens-bench-identify]
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Component, SIGNATURE_FAMILIES, type Signature, SignatureMatcher, allSignatures, sameSoftware, scan } from '@binlens/engine';
import { PACKAGES } from './packages.ts';

/**
 * Copies of a library compiled into another package's binaries, checked by hand against that
 * package's sources: finding one is right although no package of its name is installed.
 */
const EMBEDDED: readonly { name: string; version: string; why: string }[] = [
  { name: 'lua', version: '5.1.5', why: 'redis-tools builds redis\'s bundled deps/lua (Lua 5.1.5) into redis-check-aof and redis-check-rdb' },
  { name: 'libwebsockets', version: '4.1.6', why: 'mosquitto links libwebsockets statically: it defines the lws_* functions itself and does not NEED libwebsockets.so.17' },
];

const cache = process.argv[2] ?? join(tmpdir(), 'binlens-bench-identify');
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-identify-run-'));

interface Installed {
  name: string;
  version: string;
  /** Upstream version (upstreamVersion). */
  upstream: string;
  /** Whether some ELF file of the package holds the upstream version as a string. */
  shipsVersion: boolean;
  /** The package as the dpkg cataloger reports it (for sameSoftware). */
  component?: Component;
}

try {
  const base = debianRootfs();
  const debs = base === undefined ? [] : download();
  if (base === undefined || debs.length === 0) {
    console.log('skipped: debootstrap or apt-get download is not possible here');
  } else {
    const withDb = join(work, 'with-db');
    execFileSync('cp', ['-a', base, withDb]);
    addPackages(withDb, debs);
    const installed = readInstalled(withDb);
    const bare = join(work, 'bare');
    execFileSync('cp', ['-a', withDb, bare]);
    rmSync(join(bare, 'var/lib/dpkg'), { recursive: true, force: true });
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
    await report(installed, withDb, bare);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** debootstrap once (cached); undefined when it cannot run. The apt cache's .debs are removed, as images ship without them. */
function debianRootfs(): string | undefined {
  const dir = join(cache, 'rootfs');
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  console.log('building the root file system (debootstrap --variant=minbase bookworm)...');
  try {
    execFileSync('debootstrap', ['--variant=minbase', 'bookworm', partial, 'http://deb.debian.org/debian'], { stdio: 'ignore', timeout: 1_800_000 });
  } catch {
    return undefined;
  }
  execFileSync('sh', ['-c', `rm -f "${partial}"/var/cache/apt/archives/*.deb`]);
  renameSync(partial, dir);
  return dir;
}

function download(): string[] {
  const dir = join(cache, 'debs');
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('apt-get', ['download', ...PACKAGES], { cwd: dir, stdio: 'ignore', timeout: 600_000 });
  } catch {
    // Partial downloads are used as they are; none at all means skip.
  }
  return readdirSync(dir).filter((f) => f.endsWith('.deb')).sort().map((f) => join(dir, f));
}

/** Unpacks every .deb whose package the tree lacks, with its status paragraph and file list. */
function addPackages(root: string, debs: string[]): void {
  const statusPath = join(root, 'var/lib/dpkg/status');
  const present = new Set(paragraphs(readFileSync(statusPath, 'utf8')).map((p) => field(p, 'Package')));
  const status: string[] = [];
  for (const deb of debs) {
    const control = execFileSync('dpkg-deb', ['-f', deb]).toString('utf8').trimEnd();
    const name = field(control, 'Package');
    if (present.has(name)) continue;
    present.add(name);
    const tmp = join(work, 'x', name);
    mkdirSync(tmp, { recursive: true });
    execFileSync('dpkg-deb', ['-x', deb, tmp]);
    const files = execFileSync('find', ['.', '-mindepth', '1'], { cwd: tmp }).toString('utf8').trim().split('\n').map((f) => f.slice(1));
    // The root is merged-/usr (`/bin` is a link to `usr/bin`) while packages still ship `/bin/...`: keep the links, as dpkg does.
    execFileSync('sh', ['-c', 'tar -C "$1" -cf - . | tar -C "$2" -xf - --keep-directory-symlink', 'sh', tmp, root]);
    status.push(control.replace(/^Package: .*$/m, (l) => `${l}\nStatus: install ok installed`));
    writeFileSync(join(root, 'var/lib/dpkg/info', `${name}.list`), `${files.join('\n')}\n`);
  }
  writeFileSync(statusPath, `${readFileSync(statusPath, 'utf8').trimEnd()}\n\n${status.join('\n\n')}\n`);
}

/** Every installed package of the tree's dpkg database, and whether its ELF files hold its upstream version. */
function readInstalled(root: string): Installed[] {
  const info = join(root, 'var/lib/dpkg/info');
  return paragraphs(readFileSync(join(root, 'var/lib/dpkg/status'), 'utf8'))
    .filter((p) => / installed$/m.test(field(p, 'Status')))
    .map((p) => {
      const name = field(p, 'Package');
      const version = field(p, 'Version');
      const upstream = upstreamVersion(version);
      const list = [`${name}.list`, `${name}:${field(p, 'Architecture')}.list`].map((f) => join(info, f)).find((f) => existsSync(f));
      const files = list === undefined ? [] : readFileSync(list, 'utf8').split('\n').filter((f) => f !== '');
      return { name, version, upstream, shipsVersion: files.some((f) => elfHoldsVersion(join(root, f), upstream)) };
    });
}

/**
 * Epoch, Debian revision and repack suffixes removed (`1:1.2.13.dfsg-1` → `1.2.13`); a
 * `+really` version is the one after it (`3.1.7+really3.1.2-0+deb12u1` ships 3.1.2).
 */
function upstreamVersion(version: string): string {
  const plain = version.replace(/^\d+:/, '').replace(/-[^-]*$/, '');
  const really = /[+~.]really(.+)$/.exec(plain)?.[1];
  return (really ?? plain).replace(/[+~.]?(dfsg|ds).*$/, '');
}

/**
 * The version as a string of its own in a regular ELF file: not inside a longer number
 * (`1.2.13` is not in `1.2.130` or `11.2.13`), and not in `.comment`, which names the compiler
 * that built every file (`GCC: (Debian 12.2.0-14) 12.2.0`), not the package.
 */
function elfHoldsVersion(path: string, version: string): boolean {
  try {
    if (!lstatSync(path).isFile()) return false;
  } catch {
    return false;
  }
  const bytes = readFileSync(path);
  if (bytes.subarray(0, 4).toString('latin1') !== '\x7fELF') return false;
  blankComment(bytes);
  const needle = Buffer.from(version, 'latin1');
  const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    const before = bytes[at - 1];
    const after = bytes[at + needle.length];
    const longer = isDigit(before) || before === 0x2e || isDigit(after) || (after === 0x2e && isDigit(bytes[at + needle.length + 1]));
    if (!longer) return true;
  }
  return false;
}

/** Zeroes the `.comment` section of a little-endian ELF64 file in place. */
function blankComment(elf: Buffer): void {
  if (elf[4] !== 2 || elf[5] !== 1 || elf.length < 64) return;
  const shoff = Number(elf.readBigUInt64LE(0x28));
  const entsize = elf.readUInt16LE(0x3a);
  const count = elf.readUInt16LE(0x3c);
  const names = shoff + elf.readUInt16LE(0x3e) * entsize;
  if (shoff === 0 || names + entsize > elf.length) return;
  const namesOffset = Number(elf.readBigUInt64LE(names + 0x18));
  for (let i = 0; i < count; i++) {
    const header = shoff + i * entsize;
    if (header + entsize > elf.length) return;
    const nameAt = namesOffset + elf.readUInt32LE(header);
    if (elf.toString('latin1', nameAt, nameAt + 9) !== '.comment\0') continue;
    const offset = Number(elf.readBigUInt64LE(header + 0x18));
    elf.fill(0, offset, Math.min(elf.length, offset + Number(elf.readBigUInt64LE(header + 0x20))));
  }
}

function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
}

function field(paragraph: string, name: string): string {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(paragraph)?.[1] ?? '';
}

async function report(installed: Installed[], withDb: string, bare: string): Promise<void> {
  const a = await scan(withDb, { name: 'rootfs-with-dpkg' });
  const truth = new Set(installed.map((p) => `${p.name}@${p.version}`));
  const dp = a.components.filter((c) => c.codetype === 'DP');
  const hitsA = dp.filter((c) => truth.has(`${c.name}@${c.version}`)).length;
  for (const p of installed) p.component = dp.find((c) => c.name === p.name);
  console.log(`packages: ${installed.length} Debian 12 packages (debootstrap minbase bookworm + ${PACKAGES.length} listed in packages.ts)`);
  console.log(`(a) with dpkg database:    precision ${ratio(hitsA, dp.length)}  recall ${ratio(hitsA, installed.length)}`);

  const b = await scan(bare, { name: 'rootfs-bare' });
  const found = b.components.filter((c) => c.codetype === 'NA' && c.version !== '');
  // The found version is the upstream version or its leading part (`1.3.4` of `1.3.4.20200120`), never a longer number's prefix.
  const matches = (c: Component, p: Installed): boolean =>
    p.component !== undefined && sameSoftware(c.name, p.component) && (p.upstream === c.version || (p.upstream.startsWith(c.version) && !/^\d/.test(p.upstream.slice(c.version.length))));
  const embedded = found.filter((c) => EMBEDDED.some((e) => e.name === c.name && e.version === c.version));
  const correct = found.filter((c) => installed.some((p) => matches(c, p)) || embedded.includes(c));
  const shipping = installed.filter((p) => p.shipsVersion);
  const recalled = shipping.filter((p) => found.some((c) => matches(c, p)));
  console.log(`(b) without metadata:      precision ${ratio(correct.length, found.length)}  recall ${ratio(recalled.length, shipping.length)} of ${shipping.length} packages shipping a version string`);
  const wrong = found.filter((c) => !correct.includes(c)).map((c) => `${c.name}@${c.version} (${c.evidence[0]?.path.join(' ') ?? ''})`);
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
  console.log(`signatures: ${base.length} in ${SIGNATURE_FAMILIES.length} families (${SIGNATURE_FAMILIES.map((f) => `${f.family} ${f.signatures.length}`).join(', ')})`);
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
