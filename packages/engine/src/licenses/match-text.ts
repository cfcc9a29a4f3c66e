// Licence texts → SPDX ids: normalise the text (lower case, comment leaders and punctuation
// gone, whitespace collapsed) and score each reference variant by how many of its phrases'
// word 4-grams occur in the text. A variant whose every phrase scores at least MIN_SCORE
// matches; its score is the mean. Tolerant of re-wrapping, comment boxes and small edits.
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
  const normalised = normalise(text);
  const grams = new Set(ngrams(normalised));
  const best = new Map<string, number>();
  for (const ref of references) {
    if (ref.required?.some((r) => !normalised.includes(r))) continue;
    const scores = ref.phrases.map((p) => coverage(ngrams(p), grams));
    if (scores.some((s) => s < MIN_SCORE)) continue;
    const score = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100;
    best.set(ref.id, Math.max(best.get(ref.id) ?? 0, score));
  }
  for (const ref of references) if (best.has(ref.id)) for (const ex of ref.excludes ?? []) best.delete(ex);
  return [...best].map(([expression, score]) => ({ expression, score })).sort((a, b) => (a.expression < b.expression ? -1 : 1));
}

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[ \t]*(?:#+|\/\/+|\/\*+|\*+\/?|;+|--|dnl\b|rem\b)/gm, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function ngrams(normalised: string): string[] {
  const words = normalised.split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i + N <= words.length; i++) out.push(words.slice(i, i + N).join(' '));
  return out;
}

function coverage(phrase: string[], grams: Set<string>): number {
  if (phrase.length === 0) return 0;
  return phrase.filter((g) => grams.has(g)).length / phrase.length;
}
