// The contract every version scheme implements. Schemes never throw: `valid`
// says whether a string is a version of the scheme, and `compare` on an
// invalid version falls back to `fallbackCompare` (see fallback.ts) so that
// sorting mixed, partly broken feed data stays deterministic.

export type Ordering = -1 | 0 | 1;

export interface VersionScheme {
  /** Short stable id of the scheme, e.g. `debian`, `pep440`. */
  readonly name: string;
  compare(a: string, b: string): Ordering;
  valid(v: string): boolean;
}

/** Maps any number (or string comparison result) onto -1, 0, 1. */
export function sign(n: number): Ordering {
  if (n < 0) return -1;
  if (n > 0) return 1;
  return 0;
}

/**
 * Compares two strings of ASCII digits by numeric value without converting
 * them to numbers, so 20-digit pseudo-version timestamps or huge RPM release
 * numbers never lose precision.
 */
export function compareDigits(a: string, b: string): Ordering {
  const x = withoutLeadingZeros(a);
  const y = withoutLeadingZeros(b);
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return compareStrings(x, y);
}

function withoutLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length && digits.charCodeAt(i) === 48) i++;
  return i === 0 ? digits : digits.slice(i);
}

/** Plain code-unit order, the tie-breaker that makes fallbacks total. */
export function compareStrings(a: string, b: string): Ordering {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Reverses an ordering without producing -0 (vitest's toBe tells them apart). */
export function negate(o: Ordering): Ordering {
  return o === 0 ? 0 : o === 1 ? -1 : 1;
}
