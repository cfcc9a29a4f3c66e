// Benchmark: the package-level licence Binlens declares for real Debian 12 packages against
// each package's DEP-5 copyright file. The .debs (`apt-get download`, the identify
// benchmark's package list) are scanned together by the engine, exactly as a user would
// (`scan` of a folder of .deb files); the truth is read here, apart from the engine, from
// each .deb's usr/share/doc/<pkg>/copyright (dpkg-deb -x): the licence of its `Files: *`
// paragraph. Baseline, in the same run: the old reading of DEP-5, the AND of every Files
// paragraph's licence. Packages whose copyright file is not DEP-5 are counted, not scored.
// Prints agreement (target >= 0.95) and the scan's speed.
//
//   node bench/licenses/dep5-agreement.ts [CACHE_DIR=$TMPDIR/binlens-bench-dep5-debs]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan } from '@binlens/engine';
import { parseDeb822 } from '../../packages/engine/src/identify/parse/deb822.ts';
import { toSpdx } from '../../packages/engine/src/licenses/debian-copyright.ts';
import { PACKAGES } from '../identify/packages.ts';

const cache = process.argv[2] ?? join(tmpdir(), 'binlens-bench-dep5-debs');
const FORMAT = /^Format:\s*https?:\/\/(www\.)?debian\.org\/doc\/packaging-manuals\/copyright-format\/1\.0\/?/m;

interface Truth {
  declared: string;
  baseline: string;
}

const debs = download();
if (debs.length === 0) {
  console.log('skipped: apt-get download is not possible here');
  process.exit(0);
}
const truths = new Map<string, Truth | 'not-dep5' | 'no-copyright'>();
const work = mkdtempSync(join(tmpdir(), 'binlens-bench-dep5-'));
try {
  for (const deb of debs) truths.set(packageOf(deb), truthOf(deb, work));
} finally {
  rmSync(work, { recursive: true, force: true });
}
const started = performance.now();
const result = await scan(cache, { name: 'dep5-agreement' });
const seconds = (performance.now() - started) / 1000;
report(result.components, seconds);

function report(components: { name: string; codetype: string; licenses: string[] }[], scanSeconds: number): void {
  let scored = 0;
  let ours = 0;
  let baseline = 0;
  const wrong: string[] = [];
  for (const [pkg, truth] of [...truths].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (typeof truth === 'string') continue;
    scored++;
    const component = components.find((c) => c.codetype === 'DP' && c.name === pkg);
    const declared = component?.licenses ?? [];
    if (declared.length === 1 && same(declared[0] ?? '', truth.declared)) ours++;
    else wrong.push(`${pkg}: binlens ${declared.join(' | ') || '-'}, DEP-5 Files: * ${truth.declared}`);
    if (same(truth.baseline, truth.declared)) baseline++;
  }
  const count = (what: string) => [...truths.values()].filter((t) => t === what).length;
  console.log(`${truths.size} Debian 12 packages: ${scored} with a DEP-5 copyright file, ${count('not-dep5')} not DEP-5, ${count('no-copyright')} without their own (a link to another package's)`);
  console.log(`agreement with the Files: * licence: binlens ${(ours / scored).toFixed(3)} (${ours}/${scored}); baseline (AND of every paragraph) ${(baseline / scored).toFixed(3)} (${baseline}/${scored}); target >= 0.95`);
  for (const line of wrong.slice(0, 10)) console.log(`    ${line}`);
  console.log(`scan of ${debs.length} .debs (every analyser): ${scanSeconds.toFixed(1)} s`);
}

/** Same licence ids with the same operators, whatever the spacing and case. */
function same(a: string, b: string): boolean {
  const norm = (x: string) => x.replace(/[()]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}

function truthOf(deb: string, into: string): Truth | 'not-dep5' | 'no-copyright' {
  const pkg = packageOf(deb);
  const dir = join(into, pkg);
  mkdirSync(dir, { recursive: true });
  execFileSync('dpkg-deb', ['-x', deb, dir]);
  const file = join(dir, 'usr/share/doc', pkg, 'copyright');
  if (!existsSync(file)) return 'no-copyright';
  const text = readFileSync(file, 'utf8');
  if (!FORMAT.test(text)) return 'not-dep5';
  const paragraphs: { files: string[]; license: string }[] = [];
  for (const p of parseDeb822(text).paragraphs) {
    const license = p.fields.get('license')?.split('\n')[0]?.trim();
    const files = p.fields.get('files');
    if (files !== undefined && license) paragraphs.push({ files: files.split(/\s+/), license: toSpdx(license) });
  }
  const declared = (paragraphs.find((p) => p.files.includes('*')) ?? paragraphs[0])?.license;
  if (declared === undefined) return 'not-dep5';
  const all = [...new Set(paragraphs.map((p) => p.license))];
  return { declared, baseline: all.length === 1 ? declared : all.map((e) => (/ OR /.test(e) ? `(${e})` : e)).join(' AND ') };
}

function packageOf(deb: string): string {
  return (deb.split('/').at(-1) ?? '').split('_')[0] ?? '';
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
