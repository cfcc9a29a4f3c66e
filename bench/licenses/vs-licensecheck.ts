// Benchmark: per-file licence detection, Binlens against Debian's licensecheck, on the source
// files that Debian 12 Go (-dev) and Node.js packages ship, with each package's DEP-5
// copyright file as the truth (the last `Files:` paragraph matching the file's path in the
// upstream tree, debian/* left out). Prints accuracy per package family and overall, and
// the speed ratio. Run by hand; skips when licensecheck or apt-get download is missing.
//
//   node bench/licenses/vs-licensecheck.ts [CACHE_DIR=$TMPDIR/binlens-bench-license-debs]
//
// Last run (see bench/README.md): 4,305 files; binlens 51.2% right, licensecheck 23.6%;
// 27x faster. No file where licensecheck is right and binlens is not; the 6 where binlens
// names another licence follow the file's own text where DEP-5 is coarser (4 gogo-protobuf
// files with BSD-2-Clause text under a BSD-3-Clause tree, an MIT notice in prometheus under
// Apache-2.0, a containerd file whose DEP-5 paragraph adds the Go licence).
//
// A file counts as right when the set of licence ids named equals the truth's (operators
// ignored: "MIT OR Apache-2.0" = "Apache-2.0 AND MIT"); UNKNOWN or nothing is wrong. Ids are
// compared case-insensitively after Debian short names become SPDX (Expat = MIT, GPL-2+ =
// GPL-2.0-or-later).
//
// What "ours" is, per file, in order: SPDX-License-Identifier tags in the first 8 KiB; else
// licence texts and notices matched in the first 8 KiB (licenses/match-text.ts); else the
// nearest licence file (LICENSE, COPYING...) in the file's directory or above, up to the
// package root; else the nearest package.json `license` (the component the file belongs to,
// as the engine's npm cataloger declares it). licensecheck reads only the file itself.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseDeb822 } from '../../packages/engine/src/identify/parse/deb822.ts';
import { toSpdx } from '../../packages/engine/src/licenses/debian-copyright.ts';
import { oursFor } from './ours.ts';
import { PACKAGES } from './packages.ts';

const cache = process.argv[2] ?? join(tmpdir(), 'binlens-bench-license-debs');
const SOURCE = /\.(go|js|mjs|cjs|ts)$/;
/** Package roots by extracted file, filled by casesOf. */
const roots = new Map<string, string>();

interface Case {
  pkg: string;
  family: 'go' | 'node';
  path: string;
  truth: Set<string>;
}

if (spawnSync('licensecheck', ['--version']).error) {
  console.log('licensecheck not installed (apt-get install licensecheck): skipped');
  process.exit(0);
}
const debs = download();
if (debs.length === 0) {
  console.log('skipped: apt-get download is not possible here');
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-licenses-'));
try {
  const cases = debs.flatMap((deb) => casesOf(deb, work));
  const files = cases.map((c) => c.path);
  const theirs = new Map<string, Set<string>>();
  const ours = new Map<string, Set<string>>();
  const licensecheckMs = time(() => {
    for (let i = 0; i < files.length; i += 300) {
      const out = execFileSync('licensecheck', ['-m', '--shortname-scheme=spdx', ...files.slice(i, i + 300)], { encoding: 'utf8', maxBuffer: 1 << 26 });
      for (const line of out.split('\n')) {
        const [file = '', license = ''] = line.split('\t');
        if (file) theirs.set(file, ids(license === 'UNKNOWN' ? '' : license));
      }
    }
  });
  const oursMs = time(() => {
    for (const c of cases) ours.set(c.path, ids(oursFor(c.path, rootOf(c.path)).join(' AND ')));
  });
  report(cases, theirs, ours, licensecheckMs, oursMs);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function report(cases: Case[], theirs: Map<string, Set<string>>, ours: Map<string, Set<string>>, licensecheckMs: number, oursMs: number): void {
  const right = (answer: Set<string> | undefined, truth: Set<string>) => answer !== undefined && answer.size > 0 && answer.size === truth.size && [...truth].every((id) => answer.has(id));
  const packages = new Set(cases.map((c) => c.pkg));
  console.log(`${cases.length} source files of ${packages.size} packages, truth = DEP-5 copyright`);
  for (const family of ['go', 'node', 'all'] as const) {
    const set = cases.filter((c) => family === 'all' || c.family === family);
    const pct = (n: number) => `${((100 * n) / Math.max(1, set.length)).toFixed(1)}%`;
    const oursRight = set.filter((c) => right(ours.get(c.path), c.truth)).length;
    const theirsRight = set.filter((c) => right(theirs.get(c.path), c.truth)).length;
    console.log(`${family.padEnd(5)} files ${String(set.length).padStart(5)}  binlens ${pct(oursRight).padStart(6)} (${oursRight})  licensecheck ${pct(theirsRight).padStart(6)} (${theirsRight})`);
  }
  const oursWrong = cases.filter((c) => (ours.get(c.path)?.size ?? 0) > 0 && !right(ours.get(c.path), c.truth));
  console.log(`binlens named a wrong licence for ${oursWrong.length} files; first ones:`);
  for (const c of oursWrong.slice(0, 8)) console.log(`    ${c.pkg} ${rel(c)}: ours ${[...(ours.get(c.path) ?? [])].join(',')}, truth ${[...c.truth].join(',')}`);
  const theirsOnly = cases.filter((c) => right(theirs.get(c.path), c.truth) && !right(ours.get(c.path), c.truth));
  console.log(`licensecheck right where binlens is not: ${theirsOnly.length} files; first ones:`);
  for (const c of theirsOnly.slice(0, 8)) console.log(`    ${c.pkg} ${rel(c)}: ours ${[...(ours.get(c.path) ?? [])].join(',') || '-'}, truth ${[...c.truth].join(',')}`);
  console.log(`licensecheck ${licensecheckMs.toFixed(0)} ms, binlens ${oursMs.toFixed(0)} ms, speed ratio ${(licensecheckMs / oursMs).toFixed(1)}x`);
}

function rel(c: Case): string {
  return relative(rootOf(c.path), c.path);
}

function rootOf(path: string): string {
  return roots.get(path) ?? dirname(path);
}

function casesOf(deb: string, into: string): Case[] {
  const pkg = (deb.split('/').at(-1) ?? '').split('_')[0] ?? '';
  const dir = join(into, pkg);
  mkdirSync(dir, { recursive: true });
  execFileSync('dpkg-deb', ['-x', deb, dir]);
  const copyright = join(dir, 'usr/share/doc', pkg, 'copyright');
  if (!existsSync(copyright)) return [];
  const paragraphs = filesParagraphs(readFileSync(copyright, 'utf8'));
  if (paragraphs.length === 0) return [];
  const family = pkg.startsWith('node-') ? 'node' : 'go';
  const root = family === 'go' ? goRoot(join(dir, 'usr/share/gocode/src')) : join(dir, 'usr/share/nodejs', pkg.slice('node-'.length));
  if (!root || !existsSync(root)) return [];
  const cases: Case[] = [];
  for (const path of walk(root)) {
    if (!SOURCE.test(path)) continue;
    const inTree = relative(root, path);
    const paragraph = paragraphs.findLast((p) => p.patterns.some((re) => re.test(inTree)));
    if (!paragraph) continue;
    roots.set(path, root);
    cases.push({ pkg, family, path, truth: ids(toSpdx(paragraph.license)) });
  }
  return cases;
}

/** `Files:` globs (DEP-5: `*` any characters including `/`, `?` one) with their licence, debian/* dropped. */
function filesParagraphs(text: string): { patterns: RegExp[]; license: string }[] {
  const out: { patterns: RegExp[]; license: string }[] = [];
  for (const p of parseDeb822(text).paragraphs) {
    const files = p.fields.get('files');
    const license = p.fields.get('license')?.split('\n')[0]?.trim();
    if (!files || !license) continue;
    const globs = files.split(/\s+/).filter((g) => g && !g.startsWith('debian/'));
    if (globs.length === 0) continue;
    out.push({ patterns: globs.map((g) => new RegExp(`^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`)), license });
  }
  return out;
}

/** The import path root: the deepest directory under gocode/src holding every regular file. */
function goRoot(src: string): string | undefined {
  if (!existsSync(src)) return undefined;
  let common: string[] | undefined;
  for (const file of walk(src)) {
    const parts = relative(src, dirname(file)).split('/');
    if (common === undefined) common = parts;
    const mismatch = common.findIndex((part, i) => parts[i] !== part);
    if (mismatch >= 0) common = common.slice(0, mismatch);
  }
  return common === undefined ? undefined : join(src, ...common);
}

/** Regular files, links skipped (Debian's Go packages link compatibility import paths). */
function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (st?.isDirectory()) yield* walk(path);
    else if (st?.isFile()) yield path;
  }
}

/** Licence ids of an expression or a licensecheck answer, normalised for comparison. */
function ids(expression: string): Set<string> {
  const out = new Set<string>();
  for (const raw of expression.split(/\s+(?:and\/or|and|or)\s+|[()|,]/i)) {
    const id = (raw.split(/\s+with\s+/i)[0] ?? '').trim();
    if (!id || /^unknown$/i.test(id)) continue;
    out.add(normaliseId(toSpdx(id)));
  }
  return out;
}

function normaliseId(id: string): string {
  const lower = id.toLowerCase().replace(/^licenseref-/, '');
  if (lower === 'expat' || lower === 'mit/x11') return 'mit';
  if (/\+$/.test(lower)) return lower.replace(/\+$/, '-or-later');
  if (/^(a|l)?gpl-\d\.\d$/.test(lower)) return `${lower}-only`;
  return lower;
}

function download(): string[] {
  mkdirSync(cache, { recursive: true });
  const have = () => readdirSync(cache).filter((f) => f.endsWith('.deb')).map((f) => join(cache, f));
  if (have().length < PACKAGES.length) {
    try {
      execFileSync('apt-get', ['download', ...PACKAGES], { cwd: cache, stdio: 'ignore', timeout: 600_000 });
    } catch {
      // Partial downloads are used as they are; none at all means skip.
    }
  }
  return have().sort();
}

function time(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}
