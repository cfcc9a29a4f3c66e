import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, sign, type Ordering } from './types.ts';

type ComposerVersion = { branch: string } | { normalized: string };

// Composer's VersionParser::normalize for tagged versions: up to four
// numbers, then a stability suffix, then "-dev".
// Sample: "v2.1.0-beta2" -> "2.1.0.0-beta2"; "1.0.0-pl3" -> "1.0.0.0-patch3".
const CLASSICAL_RE = /^v?(\d{1,5})(\.\d+)?(\.\d+)?(\.\d+)?(?:[._-]?(stable|beta|b|rc|alpha|a|patch|pl|p)((?:[.-]?\d+)*)?)?([.-]?dev)?$/i;
// Date versions. Sample: "20230101", "2023.01.15" -> "2023.01.15".
const DATE_RE = /^v?(\d{4}(?:[.:-]?\d{2}){1,6}(?:[.:-]?\d{1,3}){0,2})(?:[._-]?(stable|beta|b|rc|alpha|a|patch|pl|p)((?:[.-]?\d+)*)?)?([.-]?dev)?$/i;
// Branches. Sample: "dev-main", "dev-feature/x", "master".
const BRANCH_RE = /^(?:dev-(\S+)|(master|trunk|default))$/i;
// Branch aliases. Sample: "2.x-dev" -> "2.9999999.9999999.9999999-dev".
const X_DEV_RE = /^v?(\d+)((?:\.(?:\d+|[xX*]))*)[.-]?dev$/;

const STABILITY: Readonly<Record<string, string>> = {
  a: 'alpha', alpha: 'alpha', b: 'beta', beta: 'beta', rc: 'RC', p: 'patch', pl: 'patch', patch: 'patch', stable: '',
};

/** Composer's normalised form ("1.0.0.0-beta2"), or null if not a version. */
export function normalizeComposer(v: string): string | null {
  const parsed = parseComposer(v);
  if (parsed === null) return null;
  return 'branch' in parsed ? `dev-${parsed.branch}` : parsed.normalized;
}

function parseComposer(v: string): ComposerVersion | null {
  const text = v.trim();
  const branch = BRANCH_RE.exec(text);
  if (branch !== null) return { branch: branch[1] ?? branch[2] ?? '' };
  const classical = CLASSICAL_RE.exec(text);
  if (classical !== null) {
    const numbers = [classical[1], classical[2], classical[3], classical[4]].map((n) => (n ?? '.0').replace(/^\./, ''));
    return { normalized: numbers.join('.') + suffix(classical[5], classical[6], classical[7]) };
  }
  const date = DATE_RE.exec(text);
  if (date !== null) {
    return { normalized: (date[1] ?? '').replace(/\D/g, '.') + suffix(date[2], date[3], date[4]) };
  }
  const xDev = X_DEV_RE.exec(text);
  if (xDev !== null) {
    const parts = [xDev[1] ?? '0', ...(xDev[2] ?? '').split('.').slice(1)].map((p) => (/^\d+$/.test(p) ? p : '9999999'));
    while (parts.length < 4) parts.push('9999999');
    return { normalized: `${parts.join('.')}-dev` };
  }
  return null;
}

function suffix(stability: string | undefined, numbers: string | undefined, dev: string | undefined): string {
  const expanded = stability === undefined ? '' : (STABILITY[stability.toLowerCase()] ?? '');
  const head = expanded === '' ? '' : `-${expanded}${(numbers ?? '').replace(/^[.-]/, '')}`;
  return head + (dev === undefined ? '' : '-dev');
}

// Branches are not ordered by Composer; we put them before every tagged
// version and order them by name so that sorting stays total.
function compareComposer(a: ComposerVersion, b: ComposerVersion): Ordering {
  if ('branch' in a || 'branch' in b) {
    if ('branch' in a && 'branch' in b) return compareStrings(a.branch, b.branch);
    return 'branch' in a ? -1 : 1;
  }
  return phpVersionCompare(a.normalized, b.normalized);
}

// PHP's version_compare special forms, matched by prefix in this order;
// numbers ("#") sit between RC and patch, unknown words below "dev".
const SPECIAL_FORMS: readonly [string, number][] = [
  ['dev', 0], ['alpha', 1], ['a', 1], ['beta', 2], ['b', 2], ['RC', 3], ['rc', 3], ['#', 4], ['pl', 5], ['p', 5],
];

/** PHP's version_compare(), which Composer applies to normalised versions. */
export function phpVersionCompare(a: string, b: string): Ordering {
  const x = canonicalizePhp(a);
  const y = canonicalizePhp(b);
  const length = Math.min(x.length, y.length);
  for (let i = 0; i < length; i++) {
    const result = comparePhpPart(x[i] ?? '', y[i] ?? '');
    if (result !== 0) return result;
  }
  if (x.length === y.length) return 0;
  // The longer version's next part decides: a number makes it newer, a word
  // is weighed against a number ("1.0-beta" < "1.0" < "1.0-patch").
  const restIsA = x.length > y.length;
  const next = (restIsA ? x[length] : y[length]) ?? '';
  const result = /^\d/.test(next) ? 1 : comparePhpPart(next, '#');
  return restIsA ? result : result === 0 ? 0 : result === 1 ? -1 : 1;
}

// "1.0.0.0-beta2" -> ["1","0","0","0","beta","2"]: - _ + become dots and a
// digit/letter change adds one.
function canonicalizePhp(v: string): string[] {
  const spaced = v.replace(/[-_+]/g, '.').replace(/(\d)(?=[^\d.])|([^\d.])(?=\d)/g, '$1$2.');
  return spaced.split('.').filter((part) => part !== '');
}

function comparePhpPart(x: string, y: string): Ordering {
  const xNum = /^\d+$/.test(x);
  const yNum = /^\d+$/.test(y);
  if (xNum && yNum) return compareDigits(x, y);
  return sign(specialOrder(xNum ? '#' : x) - specialOrder(yNum ? '#' : y));
}

function specialOrder(form: string): number {
  return SPECIAL_FORMS.find(([name]) => form.startsWith(name))?.[1] ?? -6;
}

/** Packagist / Composer versions. */
export const composer = defineScheme('composer', parseComposer, compareComposer);
