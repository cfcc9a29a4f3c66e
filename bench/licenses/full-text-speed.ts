// Benchmark: whole-licence-text matching (packages/engine/src/licenses/full-text.ts) against
// the algorithm it replaced, kept below as the named baseline (`baseline*`: a copy of
// full-text.ts as first written, normalisation included). Both answer the same question, the
// best SPDX licence a text holds and its score; this script checks that they give the same
// answer for every sample, and times them.
//
// Samples, in the same process: the SPDX list's own texts (shuffled with a fixed seed, each
// lightly edited in one of six ways: as is, inside a comment box in a README, a sentence
// removed, some words changed, the first 60% only, two licences one after the other),
// Debian's /usr/share/common-licenses texts, and the text files of /usr/share/doc on this
// machine that mention a licence (what the licence stage would match; copyright files left
// out, .gz read inflated, the first 64 KiB as the stage reads them).
//
// Timed: (a) the first use in a fresh process, the list loaded and the index built (child
// processes, the two taking turns, medians); (b) matching every sample, normalisation
// included (best of the rounds, the two taking turns).
//
//   node bench/licenses/full-text-speed.ts [--licences 240] [--docs 400] [--rounds 3] [--cold 5]
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { type FullTextMatch, matchFullText, normaliseWords, withoutCopyrightLines } from '../../packages/engine/src/licenses/full-text.ts';

const require = createRequire(new URL('../../packages/engine/package.json', import.meta.url));
const COLD_TEXT = '/usr/share/common-licenses/GPL-3';

// ---- baseline: full-text.ts as first written ----------------------------------------------

interface BaselineLicense {
  id: string;
  grams: Int32Array;
  length: number;
}

interface BaselineIndex {
  licenses: BaselineLicense[];
  words: Map<string, number>;
  samples: Map<number, number[]>;
  sampleCounts: Uint16Array;
}

const BASELINE_SAMPLES = 24;
const BASELINE_CANDIDATE_SHARE = 0.5;
const BASELINE_MIN_WORDS = 20;
const BASELINE_COPYRIGHT_LINE = /^[ \t*#/;-]*(?:copyright\b|\(c\)|©).*$/gim;
let baselineIndex: BaselineIndex | undefined;

function baselineMatchFullText(normalisedWords: readonly string[], minScore = 0.9): FullTextMatch | undefined {
  if (normalisedWords.length < BASELINE_MIN_WORDS) return undefined;
  const idx = (baselineIndex ??= baselineBuildIndex());
  const keys = baselineGramKeys(normalisedWords.map((w) => idx.words.get(w) ?? -1));
  const positions = new Map<number, number[]>();
  keys.forEach((k, i) => {
    if (k < 0) return;
    const list = positions.get(k);
    if (list) list.push(i);
    else positions.set(k, [i]);
  });
  let best: FullTextMatch | undefined;
  for (const i of baselineCandidates(idx, positions, keys.length)) {
    const license = idx.licenses[i];
    if (!license) continue;
    const score = Math.round(baselineWindowDice(license, positions) * 100) / 100;
    if (score >= minScore && (!best || score > best.score || (score === best.score && baselinePreferred(license.id, best.id)))) best = { id: license.id, score };
  }
  return best;
}

function baselineWithoutCopyrightLines(text: string): string {
  return text.replace(BASELINE_COPYRIGHT_LINE, ' ');
}

function baselineGramKeys(ids: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 2 < ids.length; i++) {
    const a = ids[i] ?? -1;
    const b = ids[i + 1] ?? -1;
    const c = ids[i + 2] ?? -1;
    out.push(a < 0 || b < 0 || c < 0 ? -1 : (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca77) ^ Math.imul(c + 2, 0xc2b2ae3d)) >>> 2);
  }
  return out;
}

function baselineCandidates(idx: BaselineIndex, positions: Map<number, number[]>, textLength: number): number[] {
  const hits = new Uint16Array(idx.licenses.length);
  for (const key of positions.keys()) for (const i of idx.samples.get(key) ?? []) hits[i] = (hits[i] ?? 0) + 1;
  const out: number[] = [];
  hits.forEach((n, i) => {
    const license = idx.licenses[i];
    if (license && n >= BASELINE_CANDIDATE_SHARE * (idx.sampleCounts[i] ?? 0) && textLength >= 0.7 * license.length) out.push(i);
  });
  return out;
}

function baselineWindowDice(license: BaselineLicense, positions: Map<number, number[]>): number {
  let present = 0;
  for (const key of license.grams) if (positions.has(key)) present++;
  if (present < 0.85 * license.grams.length) return present / license.grams.length;
  const matched: number[] = [];
  for (const key of license.grams) for (const p of positions.get(key) ?? []) matched.push(p);
  if (matched.length === 0) return 0;
  matched.sort((a, b) => a - b);
  const width = Math.ceil(license.length * 1.2);
  let bestCount = 0;
  let bestExtent = 1;
  for (let lo = 0, hi = 0; hi < matched.length; hi++) {
    while ((matched[hi] ?? 0) - (matched[lo] ?? 0) >= width) lo++;
    const count = hi - lo + 1;
    if (count > bestCount) {
      bestCount = count;
      bestExtent = (matched[hi] ?? 0) - (matched[lo] ?? 0) + 1;
    }
  }
  const inLicence = Math.min(bestCount, license.length);
  return (2 * inLicence) / (license.length + Math.max(bestExtent, inLicence));
}

function baselinePreferred(id: string, other: string): boolean {
  const rank = (x: string) => (x.endsWith('-or-later') ? 1 : 0);
  if (rank(id) !== rank(other)) return rank(id) < rank(other);
  return id.length !== other.length ? id.length < other.length : id < other;
}

function baselineBuildIndex(): BaselineIndex {
  const deprecated = new Set(require('spdx-license-ids/deprecated.json') as string[]);
  const words = new Map<string, number>();
  const licenses: BaselineLicense[] = [];
  const list = require('spdx-license-list/full.js') as Record<string, { licenseText?: string }>;
  for (const [id, entry] of Object.entries(list)) {
    if (deprecated.has(id) || id.endsWith('+') || !entry.licenseText) continue;
    const ids = baselineNormaliseWords(baselineWithoutCopyrightLines(entry.licenseText)).map((w) => {
      let n = words.get(w);
      if (n === undefined) words.set(w, (n = words.size));
      return n;
    });
    const keys = baselineGramKeys(ids);
    if (keys.length < BASELINE_MIN_WORDS) continue;
    licenses.push({ id, grams: Int32Array.from(new Set(keys)).sort(), length: keys.length });
  }
  const samples = new Map<number, number[]>();
  const sampleCounts = new Uint16Array(licenses.length);
  licenses.forEach((license, i) => {
    const step = Math.max(1, Math.floor(license.grams.length / BASELINE_SAMPLES));
    for (let j = 0; j < license.grams.length && sampleCounts[i] !== BASELINE_SAMPLES; j += step) {
      const key = license.grams[j] ?? -1;
      const list = samples.get(key);
      if (list) list.push(i);
      else samples.set(key, [i]);
      sampleCounts[i] = (sampleCounts[i] ?? 0) + 1;
    }
  });
  return { licenses, words, samples, sampleCounts };
}

function baselineNormaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^[ \t]*(?:#+|\/\/+|\/\*+|\*+\/?|;+|--|dnl\b|rem\b)/gm, ' ')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// ---- the two pipelines, as match-text.ts calls them -----------------------------------------

const baseline = (text: string) => baselineMatchFullText(baselineNormaliseWords(baselineWithoutCopyrightLines(text)));
const current = (text: string) => matchFullText(normaliseWords(withoutCopyrightLines(text)));

// ---- a fresh process: the first use -----------------------------------------------------------

const { values } = parseArgs({
  options: {
    cold: { type: 'string' },
    licences: { type: 'string', default: '240' },
    docs: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
    'cold-runs': { type: 'string', default: '5' },
  },
});

if (values.cold) {
  const text = readFileSync(COLD_TEXT, 'utf8');
  const started = performance.now();
  const cpu = process.cpuUsage();
  const answer = values.cold === 'baseline' ? baseline(text) : current(text);
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ ms: performance.now() - started, cpu: (used.user + used.system) / 1000, answer }));
  process.exit(0);
}

// ---- samples ----------------------------------------------------------------------------------

interface Sample {
  kind: 'spdx' | 'common-licenses' | 'doc';
  name: string;
  text: string;
}

const random = mulberry32(20);
const samples = [...spdxSamples(Number(values.licences)), ...commonLicenses(), ...docSamples(Number(values.docs))];

function spdxSamples(count: number): Sample[] {
  const list = require('spdx-license-list/full.js') as Record<string, { licenseText?: string }>;
  const deprecated = new Set(require('spdx-license-ids/deprecated.json') as string[]);
  const ids = shuffle(Object.keys(list).filter((id) => !deprecated.has(id) && !id.endsWith('+') && list[id]?.licenseText)).slice(0, count);
  const text = (id: string) => list[id]?.licenseText ?? '';
  const edits: [string, (t: string, i: number) => string][] = [
    ['as is', (t) => t],
    ['in a comment box', (t) => `# Project\n\nHow to build it and run its tests.\n\n${t.split('\n').map((l) => ` *   ${l}`).join('\n')}\n\nContributions welcome.\n`],
    ['a sentence removed', (t) => {
      const sentences = t.split(/(?<=\.)\s+/);
      sentences.splice(Math.floor(random() * sentences.length), 1);
      return sentences.join(' ');
    }],
    ['some words changed', (t) => t.replace(/\b[a-z]{4,}\b/g, (w) => (random() < 0.03 ? `${w}x` : w))],
    ['first 60%', (t) => t.slice(0, Math.floor(t.length * 0.6))],
    ['two licences', (t, i) => `${t}\n\n----\n\n${text(ids[(i + 1) % ids.length] ?? '')}`],
  ];
  return ids.map((id, i) => {
    const [how, edit] = edits[i % edits.length] ?? ['as is', (t: string) => t];
    return { kind: 'spdx', name: `${id} (${how})`, text: edit(text(id), i) };
  });
}

function commonLicenses(): Sample[] {
  const dir = '/usr/share/common-licenses';
  return listFiles(dir).map((path) => ({ kind: 'common-licenses', name: path, text: readFileSync(path, 'utf8') }));
}

function docSamples(count: number): Sample[] {
  const mentions = /licen[cs]e|permission is hereby granted|redistribution and use/i;
  const out: Sample[] = [];
  for (const path of shuffle(listFiles('/usr/share/doc').filter((p) => !/\/copyright$/.test(p)).sort())) {
    if (out.length >= count) break;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
      if (path.endsWith('.gz')) bytes = gunzipSync(bytes);
    } catch {
      continue;
    }
    bytes = bytes.subarray(0, 64 * 1024);
    if (bytes.subarray(0, 8192).includes(0) || !mentions.test(bytes.toString('latin1'))) continue;
    out.push({ kind: 'doc', name: path, text: bytes.toString('utf8') });
  }
  return out;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) out.push(...listFiles(path));
    else if (stat?.isFile()) out.push(path);
  }
  return out;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

// ---- runs -------------------------------------------------------------------------------------

const kinds = ['spdx', 'common-licenses', 'doc'] as const;
const chars = samples.reduce((n, s) => n + s.text.length, 0);
console.log(`samples: ${kinds.map((k) => `${samples.filter((s) => s.kind === k).length} ${k}`).join(', ')} (${(chars / 1e6).toFixed(2)} M chars); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

// Same words from both normalisations, on every sample and every SPDX text.
const list = require('spdx-license-list/full.js') as Record<string, { licenseText?: string }>;
const texts = [...samples.map((s) => s.text), ...Object.values(list).map((e) => e.licenseText ?? '')];
const wordsDiffer = texts.filter((t) => JSON.stringify(normaliseWords(t)) !== JSON.stringify(baselineNormaliseWords(t)) || withoutCopyrightLines(t) !== baselineWithoutCopyrightLines(t)).length;
console.log(`normalisation: ${texts.length - wordsDiffer}/${texts.length} texts give identical words`);

// (a) first use, each in a fresh process, taking turns.
const coldRuns = Number(values['cold-runs']);
const cold: Record<'baseline' | 'current', number[]> = { baseline: [], current: [] };
const coldCpu: Record<'baseline' | 'current', number[]> = { baseline: [], current: [] };
for (let r = 0; r < coldRuns; r++) {
  for (const which of r % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const)) {
    const child = spawnSync(process.execPath, [new URL(import.meta.url).pathname, '--cold', which], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`cold run failed: ${child.stderr}`);
    const { ms, cpu } = JSON.parse(child.stdout) as { ms: number; cpu: number };
    cold[which].push(ms);
    coldCpu[which].push(cpu);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`(a) first use (list loaded, index built, ${COLD_TEXT} matched), median of ${coldRuns} fresh processes:`);
for (const [what, runs] of [['wall', cold], ['CPU', coldCpu]] as const) {
  console.log(`    ${what}: baseline ${median(runs.baseline).toFixed(0)} ms (${runs.baseline.map((x) => x.toFixed(0)).join(' / ')}), current ${median(runs.current).toFixed(0)} ms (${runs.current.map((x) => x.toFixed(0)).join(' / ')}): ${(median(runs.baseline) / median(runs.current)).toFixed(2)}x`);
}

// (b) matching, warm, taking turns; the answers compared.
baseline(samples[0]?.text ?? '');
current(samples[0]?.text ?? '');
const rounds = Number(values.rounds);
const best: Record<'baseline' | 'current', Record<string, number>> = { baseline: {}, current: {} };
const answers: Record<'baseline' | 'current', (FullTextMatch | undefined)[]> = { baseline: [], current: [] };
for (let r = 0; r < rounds; r++) {
  for (const which of r % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const)) {
    const run = which === 'baseline' ? baseline : current;
    const spent: Record<string, number> = {};
    answers[which] = samples.map((s) => {
      const started = performance.now();
      const answer = run(s.text);
      spent[s.kind] = (spent[s.kind] ?? 0) + performance.now() - started;
      return answer;
    });
    for (const [kind, ms] of Object.entries(spent)) best[which][kind] = Math.min(best[which][kind] ?? Infinity, ms);
  }
}
console.log(`(b) matching, normalisation included, best of ${rounds} rounds (ms per text: baseline, current, ratio):`);
let totalBaseline = 0;
let totalCurrent = 0;
for (const kind of kinds) {
  const n = samples.filter((s) => s.kind === kind).length;
  const b = best.baseline[kind] ?? 0;
  const c = best.current[kind] ?? 0;
  totalBaseline += b;
  totalCurrent += c;
  console.log(`    ${kind.padEnd(16)} ${(b / n).toFixed(2).padStart(8)} ${(c / n).toFixed(2).padStart(8)}   ${(b / c).toFixed(1)}x`);
}
console.log(`    all ${samples.length} texts: ${totalBaseline.toFixed(0)} ms against ${totalCurrent.toFixed(0)} ms: ${(totalBaseline / totalCurrent).toFixed(1)}x`);

const differ = samples.filter((_, i) => JSON.stringify(answers.baseline[i]) !== JSON.stringify(answers.current[i]));
const matched = answers.current.filter(Boolean).length;
console.log(`answers: ${samples.length - differ.length}/${samples.length} identical (${matched} texts matched a licence)${differ.length === 0 ? '' : ':'}`);
for (const s of differ.slice(0, 20)) {
  const i = samples.indexOf(s);
  console.log(`    ${s.name}: baseline ${JSON.stringify(answers.baseline[i])}, current ${JSON.stringify(answers.current[i])}`);
}
if (differ.length > 0 || wordsDiffer > 0) process.exitCode = 1;
