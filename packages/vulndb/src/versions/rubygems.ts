import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, type Ordering } from './types.ts';

type Segment = string | { n: string };

// Gem::Version::ANCHORED_VERSION_PATTERN: digits, then dot-separated
// alphanumeric segments, then an optional "-" prerelease part.
// Sample: "1.0.0.pre1", "3.2.0-rc.2", "7.0.4.3".
const GEM_RE = /^[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
// Gem::Version#segments: runs of digits or of letters.
// Sample: "1.0.0.rc1" -> 1, 0, 0, "rc", 1.
const SEGMENT_RE = /[0-9]+|[a-z]+/gi;

function parseGem(v: string): Segment[] | null {
  const text = v.trim();
  // Gem::Version.new("") is version "0".
  if (text === '') return [];
  if (!GEM_RE.test(text)) return null;
  // RubyGems rewrites "-" as ".pre.": 1.0-beta == 1.0.pre.beta.
  const segments: Segment[] = [...text.replaceAll('-', '.pre.').matchAll(SEGMENT_RE)].map(([s]) =>
    /^\d/.test(s) ? { n: s } : s,
  );
  return canonical(segments);
}

// Gem::Version#canonical_segments: trailing zeros are dropped from the
// numeric part and from the string part separately (1.0.a == 1.a).
function canonical(segments: Segment[]): Segment[] {
  const firstString = segments.findIndex((s) => typeof s === 'string');
  const split = firstString === -1 ? segments.length : firstString;
  return [...dropTrailingZeros(segments.slice(0, split)), ...dropTrailingZeros(segments.slice(split))];
}

function dropTrailingZeros(segments: Segment[]): Segment[] {
  let end = segments.length;
  while (end > 0) {
    const last = segments[end - 1];
    if (typeof last === 'string' || last === undefined || !/^0+$/.test(last.n)) break;
    end--;
  }
  return segments.slice(0, end);
}

// Gem::Version#<=>: missing segments are 0; a string segment (prerelease)
// sorts before a number; strings compare as strings.
function compareGem(a: Segment[], b: Segment[]): Ordering {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const l = a[i] ?? { n: '0' };
    const r = b[i] ?? { n: '0' };
    if (typeof l === 'string' && typeof r === 'string') {
      if (l !== r) return compareStrings(l, r);
    } else if (typeof l === 'string' || typeof r === 'string') {
      return typeof l === 'string' ? -1 : 1;
    } else {
      const result = compareDigits(l.n, r.n);
      if (result !== 0) return result;
    }
  }
  return 0;
}

/** RubyGems (Gem::Version). */
export const rubygems = defineScheme('rubygems', parseGem, compareGem);
