// Licence texts → SPDX ids: normalise the text (lower case, comment leaders and punctuation
// gone, whitespace collapsed) and score each reference variant by how many of its phrases'
// word 4-grams occur in the text. A variant whose every phrase scores at least MIN_SCORE
// matches; its score is the mean. Tolerant of re-wrapping, comment boxes and small edits.
// Whole licence texts of the full SPDX list are matched too (full-text.ts): the best one
// is reported with its score, and a notice its own text contains is not reported again.
import { fullLicenseText, matchWordKeys, normalisedWordKeys, normaliseWords, withoutCopyrightLines } from './full-text.ts';
import { LICENSE_REFERENCES, type LicenseReference } from './references.ts';

export interface TextMatch {
  expression: string;
  /** Mean 4-gram coverage of the matched variant's phrases, 0..1, two decimals. */
  score: number;
}

const MIN_SCORE = 0.8;
const N = 4;

/** The SPDX ids a licence text matches, most specific only, sorted by id. */
export function matchLicenseText(text: string, references: readonly LicenseReference[] = LICENSE_REFERENCES): TextMatch[] {
  const notices = matchNotices(normaliseWords(text), references);
  const full = matchWordKeys(normalisedWordKeys(withoutCopyrightLines(text)));
  if (!full) return notices;
  // The whole text answers when it explains every notice found (each is inside the licence's
  // own text: BSD-3-Clause's clauses in BSD-3-Clause-Clear); otherwise the notices, read from
  // curated excerpts, are surer than a plain SPDX text whose holder names differ (ISC's).
  const own = ownGrams(full.id);
  const explained = (n: TextMatch) => n.expression === full.id || references.some((r) => r.id === n.expression && r.phrases.every((p) => coverage(phraseGrams(p), own) >= MIN_SCORE));
  if (!notices.every(explained)) return notices;
  // A notice of the same licence may be the surer reading (Debian's GPL-2 text names the FSF's
  // newer address; the SPDX text the old one): the higher score stands.
  const same = notices.find((n) => n.expression === full.id);
  return [{ expression: full.id, score: Math.max(full.score, same?.score ?? 0) }];
}

function matchNotices(words: readonly string[], references: readonly LicenseReference[]): TextMatch[] {
  const normalised = words.join(' ');
  const grams = phraseGramsIn(words, vocabulary(references));
  const best = new Map<string, number>();
  for (const ref of references) {
    if (ref.required?.some((r) => !normalised.includes(r))) continue;
    const scores = ref.phrases.map((p) => coverage(phraseGrams(p), grams));
    if (scores.some((s) => s < MIN_SCORE)) continue;
    const score = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100;
    best.set(ref.id, Math.max(best.get(ref.id) ?? 0, score));
  }
  for (const ref of references) if (best.has(ref.id)) for (const ex of ref.excludes ?? []) best.delete(ex);
  return [...best].map(([expression, score]) => ({ expression, score })).sort((a, b) => (a.expression < b.expression ? -1 : 1));
}

export function normalise(text: string): string {
  return normaliseWords(text).join(' ');
}

function ngrams(normalised: string): string[] {
  const words = normalised.split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i + N <= words.length; i++) out.push(words.slice(i, i + N).join(' '));
  return out;
}

/** Every word of the references' phrases, per list of references (made once). */
const vocabularies = new WeakMap<readonly LicenseReference[], Set<string>>();
function vocabulary(references: readonly LicenseReference[]): Set<string> {
  let words = vocabularies.get(references);
  if (words === undefined) vocabularies.set(references, (words = new Set(references.flatMap((r) => r.phrases.flatMap((p) => p.split(' '))))));
  return words;
}

/**
 * The text's 4-grams that a phrase could hold: those of `vocabulary`'s words only. A gram with any
 * other word is no phrase's, and most of a text's grams have one: they are not made at all
 * (making every gram of a 64 KiB text was most of the cost of matching it).
 */
function phraseGramsIn(words: readonly string[], vocabulary: Set<string>): Set<string> {
  const grams = new Set<string>();
  // Known words in a row so far, ending at i.
  let run = 0;
  for (let i = 0; i < words.length; i++) {
    run = vocabulary.has(words[i] ?? '') ? run + 1 : 0;
    if (run >= N) grams.add(words.slice(i + 1 - N, i + 1).join(' '));
  }
  return grams;
}

/** A reference phrase's grams, the same for every text: made once. */
const phraseGramCache = new Map<string, string[]>();
function phraseGrams(phrase: string): string[] {
  let grams = phraseGramCache.get(phrase);
  if (grams === undefined) phraseGramCache.set(phrase, (grams = ngrams(phrase)));
  return grams;
}

/** The grams of a licence's SPDX text, for each licence a text was found to be. */
const ownGramCache = new Map<string, Set<string>>();
function ownGrams(id: string): Set<string> {
  let grams = ownGramCache.get(id);
  if (grams === undefined) ownGramCache.set(id, (grams = new Set(ngrams(normalise(fullLicenseText(id))))));
  return grams;
}

function coverage(phrase: string[], grams: Set<string>): number {
  if (phrase.length === 0) return 0;
  return phrase.filter((g) => grams.has(g)).length / phrase.length;
}
