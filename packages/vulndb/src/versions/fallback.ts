import { compareGenericTokens, tokenizeGeneric } from './generic-tokens.ts';
import { compareStrings, type Ordering, type VersionScheme } from './types.ts';

/**
 * The documented rule for versions a scheme does not accept: compare both
 * strings by the generic natural order (numbers numerically, words
 * lexically, `rc`/`beta`-like words before the release), and when that says
 * equal but the strings differ, by plain string order. It is total and
 * deterministic, but it is not the scheme's order, so callers that care must
 * check `valid` first.
 */
export function fallbackCompare(a: string, b: string): Ordering {
  const byTokens = compareGenericTokens(tokenizeGeneric(a), tokenizeGeneric(b));
  return byTokens !== 0 ? byTokens : compareStrings(a, b);
}

/** Parsed versions kept per scheme; the whole set is dropped when full. */
const PARSED_LIMIT = 20_000;

/**
 * Builds a scheme from a parser (null = not a version of the scheme) and a
 * comparison of parsed values; invalid input goes to `fallbackCompare`.
 */
export function defineScheme<T>(
  name: string,
  parse: (v: string) => T | null,
  compareParsed: (a: T, b: T) => Ordering,
): VersionScheme {
  // Matching compares the same few versions against many range bounds, at every evaluation:
  // each string is parsed once (the comparisons only read what a parser built).
  const known = new Map<string, T | null>();
  const parsed = (v: string): T | null => {
    const hit = known.get(v);
    if (hit !== undefined) return hit;
    if (known.size >= PARSED_LIMIT) known.clear();
    const value = parse(v);
    known.set(v, value);
    return value;
  };
  return {
    name,
    valid: (v) => parsed(v) !== null,
    compare(a, b) {
      const x = parsed(a);
      const y = parsed(b);
      return x === null || y === null ? fallbackCompare(a, b) : compareParsed(x, y);
    },
  };
}
