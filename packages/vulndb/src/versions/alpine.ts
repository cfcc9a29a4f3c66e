import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, type Ordering } from './types.ts';

interface AlpineVersion {
  readonly numbers: readonly string[];
  readonly letter: string;
  readonly suffixes: readonly { readonly rank: number; readonly digits: string }[];
  readonly revision: string | null;
}

// apk's suffixes in order; those before "" are pre-releases (1.0_rc1 < 1.0),
// those after it post-releases (1.0 < 1.0_p1).
const SUFFIXES = ['alpha', 'beta', 'pre', 'rc', '', 'cvs', 'svn', 'git', 'hg', 'p'] as const;
const RELEASE_RANK = SUFFIXES.indexOf('');

// digits{.digits}[letter]{_suffix[digits]}[-rN], as apk-tools validates.
// Sample: "1.2.3a_rc1_p2-r4"; "3.0.15-r0"; "2.38_git20230801-r1".
const APK_RE = /^(\d+(?:\.\d+)*)([a-z]?)((?:_(?:alpha|beta|pre|rc|cvs|svn|git|hg|p)\d*)*)(?:-r(\d+))?$/;
// One suffix inside the suffix group. Sample: "_rc1" -> "rc", "1".
const SUFFIX_RE = /_([a-z]+)(\d*)/g;

function parseAlpine(v: string): AlpineVersion | null {
  const m = APK_RE.exec(v.trim());
  if (m === null) return null;
  const suffixes = [...(m[3] ?? '').matchAll(SUFFIX_RE)].map(([, word, digits]) => ({
    rank: SUFFIXES.indexOf((word ?? '') as (typeof SUFFIXES)[number]),
    digits: digits ?? '',
  }));
  return { numbers: (m[1] ?? '0').split('.'), letter: m[2] ?? '', suffixes, revision: m[4] ?? null };
}

function compareAlpine(a: AlpineVersion, b: AlpineVersion): Ordering {
  return (
    compareNumbers(a.numbers, b.numbers) ||
    compareLetter(a.letter, b.letter) ||
    compareSuffixes(a, b) ||
    compareRevision(a.revision, b.revision)
  );
}

// apk compares the first component numerically and later ones too, except
// that a later component with leading zeros sorts as a fraction (1.02 < 1.1);
// more components sort later (1.2 < 1.2.0).
function compareNumbers(a: readonly string[], b: readonly string[]): Ordering {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? '0';
    const y = b[i] ?? '0';
    const fractional = i > 0 && (x.startsWith('0') || y.startsWith('0'));
    const result = fractional ? compareStrings(x, y) : compareDigits(x, y);
    if (result !== 0) return result;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

// A letter after the numbers is a later release: 1.0.2 < 1.0.2a < 1.0.2b.
function compareLetter(a: string, b: string): Ordering {
  if (a === b) return 0;
  if (a === '' || b === '') return a === '' ? -1 : 1;
  return compareStrings(a, b);
}

function compareSuffixes(a: AlpineVersion, b: AlpineVersion): Ordering {
  const length = Math.max(a.suffixes.length, b.suffixes.length);
  for (let i = 0; i < length; i++) {
    const x = a.suffixes[i] ?? { rank: RELEASE_RANK, digits: '' };
    const y = b.suffixes[i] ?? { rank: RELEASE_RANK, digits: '' };
    if (x.rank !== y.rank) return x.rank < y.rank ? -1 : 1;
    const result = compareDigits(x.digits || '0', y.digits || '0');
    if (result !== 0) return result;
  }
  return 0;
}

// apk sorts a version without "-rN" before one with -r0.
function compareRevision(a: string | null, b: string | null): Ordering {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return compareDigits(a, b);
}

/** Alpine apk package versions. */
export const alpine = defineScheme('alpine', parseAlpine, compareAlpine);
