// Tokenised "natural" version order shared by the generic native scheme and
// by every scheme's fallback for invalid input. Built for versions found in
// binaries, which follow no packaging rules: OpenSSL letter releases
// (1.0.2k < 1.0.2za), kernel release candidates (6.1-rc3 < 6.1), BusyBox and
// date-style versions (2023.01, 20230101).
import { compareDigits, compareStrings, type Ordering } from './types.ts';

export type GenericToken =
  | { kind: 'number'; digits: string }
  | { kind: 'pre'; rank: number; word: string }
  | { kind: 'word'; word: string };

// Words that mark a version *before* its release, in release order. Single
// letters are deliberately absent: in OpenSSL 1.0.2a the `a` is a patch
// release after 1.0.2, not an alpha.
const PRE_WORDS: readonly (readonly string[])[] = [
  ['dev', 'snapshot'],
  ['alpha'],
  ['beta'],
  ['pre', 'preview', 'milestone'],
  ['rc', 'cr'],
];

// Token rank when the kinds differ: a pre-release word sorts before the end
// of the version, which sorts before a post-release word (1.0.2 < 1.0.2a),
// which sorts before a further number (1.0.2a < 1.0.2.1).
const KIND_RANK = { pre: 0, end: 1, word: 2, number: 3 } as const;

// Runs of digits or of letters; anything else separates.
// Sample: "1.0.2za" -> ["1","0","2","za"]; "6.1-rc3" -> ["6","1","rc","3"].
const TOKEN_RE = /\d+|[a-z]+/g;

/**
 * Tokens in canonical form: trailing zeros of the leading run of numbers are
 * dropped (as RubyGems does), so 6.1 equals 6.1.0 and 3.0.0-alpha1 becomes
 * [3, alpha, 1]. Comparison is then plainly lexicographic, which keeps it
 * transitive.
 */
export function tokenizeGeneric(v: string): readonly GenericToken[] {
  // Matching compares the same few versions against many range bounds: tokenise each once.
  const cached = CACHE.get(v);
  if (cached) return cached;
  if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
  const tokens = Object.freeze(tokenize(v));
  CACHE.set(v, tokens);
  return tokens;
}

const CACHE_LIMIT = 50_000;
const CACHE = new Map<string, readonly GenericToken[]>();

function tokenize(v: string): GenericToken[] {
  // A leading "v" as in "v2.4.1" is a tag prefix, not part of the version.
  const text = v.trim().toLowerCase().replace(/^v(?=\d)/, '');
  const tokens: GenericToken[] = [];
  for (const [raw] of text.matchAll(TOKEN_RE)) {
    if (/^\d/.test(raw)) {
      tokens.push({ kind: 'number', digits: raw });
      continue;
    }
    const rank = PRE_WORDS.findIndex((group) => group.includes(raw));
    tokens.push(rank >= 0 ? { kind: 'pre', rank, word: raw } : { kind: 'word', word: raw });
  }
  let numericEnd = tokens.findIndex((t) => t.kind !== 'number');
  if (numericEnd === -1) numericEnd = tokens.length;
  let keep = numericEnd;
  while (keep > 1 && isZero(tokens[keep - 1])) keep--;
  tokens.splice(keep, numericEnd - keep);
  return tokens;
}

function isZero(t: GenericToken | undefined): boolean {
  return t?.kind === 'number' && /^0+$/.test(t.digits);
}

export function compareGenericTokens(a: readonly GenericToken[], b: readonly GenericToken[]): Ordering {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const result = compareToken(a[i], b[i]);
    if (result !== 0) return result;
  }
  return 0;
}

// A missing token is the end of the version, ranked between pre-release
// words and post-release words.
function compareToken(x: GenericToken | undefined, y: GenericToken | undefined): Ordering {
  const rx = x === undefined ? KIND_RANK.end : KIND_RANK[x.kind];
  const ry = y === undefined ? KIND_RANK.end : KIND_RANK[y.kind];
  if (rx !== ry) return rx < ry ? -1 : 1;
  if (x === undefined || y === undefined) return 0;
  if (x.kind === 'number' && y.kind === 'number') return compareDigits(x.digits, y.digits);
  if (x.kind === 'pre' && y.kind === 'pre') return x.rank === y.rank ? 0 : x.rank < y.rank ? -1 : 1;
  if (x.kind === 'word' && y.kind === 'word') return compareStrings(x.word, y.word);
  return 0;
}
