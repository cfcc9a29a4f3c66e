// Whole licence texts of the SPDX licence list (npm `spdx-license-list`, current ids only),
// recognised in any text: word 3-grams of the normalised texts (copyright lines left out,
// as licensee does, since they name the holder, not the licence). A few grams sampled
// from each licence pick the candidates; each candidate is scored by the dice coefficient
// between its grams and the densest window of the text that holds them, so a licence
// embedded in a longer file still scores 1 and a text with an added or missing clause
// scores lower than the licence it really is. The index is built once, on first use.
//
// Cost (bench/licenses/full-text-speed.ts): the index is typed arrays (each licence's
// sorted distinct gram keys and its sampled keys), a text's grams go into one
// open-addressing table, licences too long for the text are never looked at, and a
// candidate's window is only searched when it holds enough of the licence's grams to reach
// the threshold. Normalisation is one pass over the lower-cased text; the index holds words as
// hash keys (wordKey), made as the licences' texts are read, never as strings.
import { createRequire } from 'node:module';
import { cachedBuild } from '../util/build-cache.ts';
import { packInt32, sharedBytes, unpackInt32 } from '../util/shared-build.ts';

export interface FullTextMatch {
  id: string;
  /** Dice coefficient of the licence's grams and the matched window, 0..1, two decimals. */
  score: number;
}

interface IndexedLicense {
  id: string;
  /** Unique gram keys, sorted. */
  grams: Int32Array;
  /** Gram count with repeats, the licence's length. */
  length: number;
  /** Keys spread over `grams`: a text holding under half of them is not scored against the licence. */
  samples: Int32Array;
}

interface Index {
  /** Shortest first: a text is compared only with the licences it is long enough to hold. */
  licenses: IndexedLicense[];
}

/** A text's gram keys in an open-addressing table (-1: empty), and each position's slot (-1: no gram). */
interface TextGrams {
  table: Int32Array;
  mask: number;
  slotAt: Int32Array;
}

export const FULL_TEXT_MIN_SCORE = 0.9;
const SAMPLES = 24;
/** Share of a licence's sampled grams a text must hold to be scored against it. */
const CANDIDATE_SHARE = 0.5;
/** A text much shorter than a licence cannot hold it. */
const MIN_LENGTH_SHARE = 0.7;
/** Share of a licence's distinct grams a text must hold before its window is searched. */
const PRESENT_SHARE = 0.85;
const MIN_WORDS = 20;
// Lines that only name a holder or a year: "Copyright (c) <year> <owner>", "(C) 2020 Foo".
const COPYRIGHT_LINE = /^[ \t*#/;-]*(?:copyright\b|\(c\)|©).*$/gim;

/** An id of the list, safe as a file name: no separator, no `..` of its own. */
const SPDX_ID = /^[A-Za-z0-9][A-Za-z0-9.+-]*$/;

let index: Index | undefined;
let list: Record<string, { licenseText?: string }> | undefined;
/** Where the threads of a scan share one build of the index (shareLicenseIndex). */
let sharedIndex: SharedArrayBuffer | undefined;

/**
 * Build the index in `slot`, shared with the other threads given it: one of them builds it, the
 * others read it there (util/shared-build.ts). Before the first match only; later calls are ignored.
 */
export function shareLicenseIndex(slot: SharedArrayBuffer): void {
  sharedIndex ??= slot;
}

/** The best whole-licence match in already normalised words, when it scores at least the threshold. */
export function matchFullText(normalisedWords: readonly string[], minScore = FULL_TEXT_MIN_SCORE): FullTextMatch | undefined {
  return matchWordKeys(Int32Array.from(normalisedWords, wordKey), minScore);
}

/** matchFullText given the words' keys (normalisedWordKeys of a text: no string is made per word). */
export function matchWordKeys(keys: Int32Array, minScore = FULL_TEXT_MIN_SCORE): FullTextMatch | undefined {
  if (keys.length < MIN_WORDS) return undefined;
  const idx = (index ??= unpackIndex(sharedIndex === undefined ? packedIndex() : sharedBytes(sharedIndex, packedIndex)));
  const textLength = keys.length - 2;
  if (textLength < MIN_LENGTH_SHARE * (idx.licenses[0]?.length ?? Infinity)) return undefined;
  const text = textGrams(gramKeys(keys));
  // windowDice's marks, one per slot of the text's table: made once per text, cleared after each licence.
  const marks = new Uint8Array(text.table.length);
  let best: FullTextMatch | undefined;
  for (const license of idx.licenses) {
    if (textLength < MIN_LENGTH_SHARE * license.length) break;
    if (!holdsSamples(text, license.samples)) continue;
    const score = Math.round(windowDice(license, text, marks) * 100) / 100;
    if (score >= minScore && (!best || score > best.score || (score === best.score && preferred(license.id, best.id)))) best = { id: license.id, score };
  }
  return best;
}

/** Whether the text holds at least CANDIDATE_SHARE of the samples; stops once it cannot. */
function holdsSamples(text: TextGrams, samples: Int32Array): boolean {
  const needed = CANDIDATE_SHARE * samples.length;
  let missing = 0;
  for (const key of samples) if (slotOf(text, key) < 0 && samples.length - ++missing < needed) return false;
  return true;
}

/** Copyright lines dropped, for both the indexed licences and the texts matched against them. */
export function withoutCopyrightLines(text: string): string {
  return text.replace(COPYRIGHT_LINE, ' ');
}

/** Word keys (wordKey) → 3-gram keys. */
function gramKeys(keys: Int32Array): Int32Array {
  const out = new Int32Array(Math.max(0, keys.length - 2));
  for (let i = 0; i < out.length; i++) {
    const a = keys[i] ?? 0;
    const b = keys[i + 1] ?? 0;
    const c = keys[i + 2] ?? 0;
    // A 30-bit hash: small integers keep the tables fast; a rare collision moves a score by a gram.
    out[i] = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca77) ^ Math.imul(c + 2, 0xc2b2ae3d)) >>> 2;
  }
  return out;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A word's 31-bit key (FNV-1a over its code units). Keys stand for words everywhere in the
 * index: building it then makes no string per word of the whole licence list, which took most
 * of its cost; two words sharing a key are as rare as a gram collision, and cost as little.
 */
export function wordKey(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash >>> 1;
}

const AND_KEY = wordKey('and');

function textGrams(keys: Int32Array): TextGrams {
  let size = 16;
  while (size < 2 * keys.length) size *= 2;
  const text: TextGrams = { table: new Int32Array(size).fill(-1), mask: size - 1, slotAt: new Int32Array(keys.length) };
  keys.forEach((key, i) => {
    if (key < 0) {
      text.slotAt[i] = -1;
      return;
    }
    let slot = Math.imul(key, 0x9e3779b1) & text.mask;
    while (text.table[slot] !== key && text.table[slot] !== -1) slot = (slot + 1) & text.mask;
    text.table[slot] = key;
    text.slotAt[i] = slot;
  });
  return text;
}

function slotOf(text: TextGrams, key: number): number {
  let slot = Math.imul(key, 0x9e3779b1) & text.mask;
  for (;;) {
    const held = text.table[slot];
    if (held === key) return slot;
    if (held === -1 || held === undefined) return -1;
    slot = (slot + 1) & text.mask;
  }
}

/**
 * Dice of the licence and the window of the text, about the licence's length, that holds most of its grams.
 * `inLicense`: zeros, one per slot of the text's table; left as zeros.
 */
function windowDice(license: IndexedLicense, text: TextGrams, inLicense: Uint8Array): number {
  // Cheap bound first: a text lacking over a tenth of the licence's distinct grams cannot reach the threshold.
  const marked = new Int32Array(license.grams.length);
  let present = 0;
  for (const key of license.grams) {
    const slot = slotOf(text, key);
    if (slot >= 0) {
      inLicense[slot] = 1;
      marked[present++] = slot;
    }
  }
  const score = present < PRESENT_SHARE * license.grams.length ? present / license.grams.length : densestWindow(license, text, inLicense);
  for (let i = 0; i < present; i++) inLicense[marked[i] ?? 0] = 0;
  return score;
}

/** windowDice once the text holds enough of the licence's grams, marked in `inLicense`. */
function densestWindow(license: IndexedLicense, text: TextGrams, inLicense: Uint8Array): number {
  // The text's positions holding one of the licence's grams, in order.
  const matched = new Int32Array(text.slotAt.length);
  let count = 0;
  text.slotAt.forEach((slot, position) => {
    if (slot >= 0 && inLicense[slot] === 1) matched[count++] = position;
  });
  if (count === 0) return 0;
  const width = Math.ceil(license.length * 1.2);
  let bestCount = 0;
  let bestExtent = 1;
  for (let lo = 0, hi = 0; hi < count; hi++) {
    while ((matched[hi] ?? 0) - (matched[lo] ?? 0) >= width) lo++;
    if (hi - lo + 1 > bestCount) {
      bestCount = hi - lo + 1;
      bestExtent = (matched[hi] ?? 0) - (matched[lo] ?? 0) + 1;
    }
  }
  const inLicence = Math.min(bestCount, license.length);
  return (2 * inLicence) / (license.length + Math.max(bestExtent, inLicence));
}

/** On equal scores: `-only` over `-or-later` (a bare text grants no "or later"), then the shorter id. */
function preferred(id: string, other: string): boolean {
  const rank = (x: string) => (x.endsWith('-or-later') ? 1 : 0);
  if (rank(id) !== rank(other)) return rank(id) < rank(other);
  return id.length !== other.length ? id.length < other.length : id < other;
}

function buildIndex(): Index {
  const require = createRequire(import.meta.url);
  const deprecated = new Set(require('spdx-license-ids/deprecated.json') as string[]);
  const licenses: IndexedLicense[] = [];
  for (const [id, entry] of Object.entries(spdxList())) {
    // Deprecated ids (GPL-2.0, GPL-2.0+) repeat the texts of the current ones.
    if (deprecated.has(id) || id.endsWith('+') || !entry.licenseText) continue;
    const keys = gramKeys(normalisedWordKeys(withoutCopyrightLines(entry.licenseText))).sort();
    if (keys.length < MIN_WORDS) continue;
    licenses.push({ id, grams: distinct(keys), length: keys.length, samples: new Int32Array(0) });
  }
  for (const license of licenses) {
    // Spread over the sorted keys, which scatters them over the text's words.
    const step = Math.max(1, Math.floor(license.grams.length / SAMPLES));
    const samples: number[] = [];
    for (let j = 0; j < license.grams.length && samples.length !== SAMPLES; j += step) samples.push(license.grams[j] ?? -1);
    license.samples = Int32Array.from(samples);
  }
  licenses.sort((a, b) => a.length - b.length);
  return { licenses };
}

/**
 * The index packed, from the build cache when it holds it: built by this module (packed by
 * shared-build.ts) from the texts and deprecated ids of the versions of the two packages.
 */
function packedIndex(): Uint8Array {
  const require = createRequire(import.meta.url);
  const versions = ['spdx-license-list', 'spdx-license-ids'].map((name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`);
  const key = { name: 'licence-index', sources: [new URL(import.meta.url), new URL('../util/shared-build.ts', import.meta.url)], inputs: versions };
  return cachedBuild(key, () => packIndex(buildIndex()));
}

/** The index as bytes: the ids (UTF-8, NUL-separated) then, per licence, its grams, length and samples. */
function packIndex(idx: Index): Uint8Array {
  const ids = Buffer.from(idx.licenses.map((l) => l.id).join('\0'));
  const arrays: Int32Array[] = [Int32Array.from(ids)];
  for (const license of idx.licenses) arrays.push(license.grams, Int32Array.of(license.length), license.samples);
  return packInt32(arrays);
}

/** packIndex's bytes as the index, its arrays read where they are. */
function unpackIndex(bytes: Uint8Array): Index {
  const [ids, ...rest] = unpackInt32(bytes);
  const names = Buffer.from(Uint8Array.from(ids ?? [])).toString().split('\0');
  if (rest.length !== names.length * 3) throw new Error('not a packed licence index');
  const licenses = names.map((id, i): IndexedLicense => ({ id, grams: rest[3 * i] ?? new Int32Array(0), length: rest[3 * i + 1]?.[0] ?? 0, samples: rest[3 * i + 2] ?? new Int32Array(0) }));
  return { licenses };
}

/** The distinct values of sorted keys. */
function distinct(sorted: Int32Array): Int32Array {
  let n = 0;
  sorted.forEach((key, i) => {
    if (i === 0 || key !== sorted[i - 1]) sorted[n++] = key;
  });
  return sorted.slice(0, n);
}

/**
 * The same normalisation as match-text.ts's `normalise`, split into words, in one pass over
 * the lower-cased text: runs of [a-z0-9], `&` read as "and", and a `dnl` or `rem` comment
 * leader dropped where it opens a line (after spaces or tabs, a word boundary after it).
 * The other comment leaders (`#`, `//`, `/*`, `*`, `;`, `--`) hold no word.
 */
export function normaliseWords(text: string): string[] {
  const lower = text.toLowerCase();
  const words: string[] = [];
  let lineStart = true;
  for (let i = 0; i < lower.length; ) {
    const c = lower.charCodeAt(i);
    if (isWordChar(c)) {
      let end = i + 1;
      while (end < lower.length && isWordChar(lower.charCodeAt(end))) end++;
      const word = lower.slice(i, end);
      // `_` is a regex word character: `rem_x` is no leader.
      if (!lineStart || (word !== 'dnl' && word !== 'rem') || lower.charCodeAt(end) === 0x5f) words.push(word);
      lineStart = false;
      i = end;
      continue;
    }
    if (c === 0x26) words.push('and');
    // Line terminators as a multiline regex's `^` sees them.
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) lineStart = true;
    else if (c !== 0x20 && c !== 0x09) lineStart = false;
    i++;
  }
  return words;
}

/** normaliseWords(text).map(wordKey), without making the words: the same loop, hashing as it goes. */
export function normalisedWordKeys(text: string): Int32Array {
  const lower = text.toLowerCase();
  let keys = new Int32Array(Math.max(16, lower.length >>> 2));
  let count = 0;
  const push = (key: number): void => {
    if (count === keys.length) {
      const grown = new Int32Array(keys.length * 2);
      grown.set(keys);
      keys = grown;
    }
    keys[count++] = key;
  };
  let lineStart = true;
  for (let i = 0; i < lower.length; ) {
    const c = lower.charCodeAt(i);
    if (isWordChar(c)) {
      let hash = Math.imul(FNV_OFFSET ^ c, FNV_PRIME);
      let end = i + 1;
      for (let d = lower.charCodeAt(end); end < lower.length && isWordChar(d); d = lower.charCodeAt(++end)) hash = Math.imul(hash ^ d, FNV_PRIME);
      if (!lineStart || !isLeaderAt(lower, i, end) || lower.charCodeAt(end) === 0x5f) push(hash >>> 1);
      lineStart = false;
      i = end;
      continue;
    }
    if (c === 0x26) push(AND_KEY);
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) lineStart = true;
    else if (c !== 0x20 && c !== 0x09) lineStart = false;
    i++;
  }
  return keys.subarray(0, count);
}

/** Whether lower[start, end) is `dnl` or `rem`. */
function isLeaderAt(lower: string, start: number, end: number): boolean {
  if (end - start !== 3) return false;
  const word = lower.charCodeAt(start) * 0x10000 + lower.charCodeAt(start + 1) * 0x100 + lower.charCodeAt(start + 2);
  return word === 0x646e6c || word === 0x72656d; // "dnl", "rem"
}

function isWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

/**
 * The SPDX list's text of a licence id ('' when the list has none). Without the whole list at
 * hand (a thread that read the index another built), the licence's own file of the package is
 * read: one small file, not the 5 MB list.
 */
export function fullLicenseText(id: string): string {
  if (list !== undefined || !SPDX_ID.test(id)) return spdxList()[id]?.licenseText ?? '';
  try {
    return (createRequire(import.meta.url)(`spdx-license-list/licenses/${id}.json`) as { licenseText?: string }).licenseText ?? '';
  } catch {
    return '';
  }
}

function spdxList(): Record<string, { licenseText?: string }> {
  list ??= createRequire(import.meta.url)('spdx-license-list/full.js') as Record<string, { licenseText?: string }>;
  return list;
}
