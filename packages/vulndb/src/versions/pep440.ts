import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, type Ordering } from './types.ts';

interface Pep440Version {
  readonly epoch: string;
  readonly release: readonly string[];
  readonly pre: { readonly rank: number; readonly n: string } | null;
  readonly post: string | null;
  readonly dev: string | null;
  readonly local: readonly string[] | null;
}

// PEP 440's permissive grammar (the one pip accepts before normalising):
// optional "v", epoch "N!", release, pre (a/alpha, b/beta, c/rc/pre/preview),
// post ("-N", post/rev/r), dev and "+local"; separators . - _ optional.
// Sample: "v1!2.0.0rc1.post2.dev3+ubuntu-1" -> epoch 1, release 2.0.0,
// pre rc1, post 2, dev 3, local ["ubuntu", "1"].
const PEP440_RE = new RegExp(
  '^v?(?:(?<epoch>\\d+)!)?(?<release>\\d+(?:\\.\\d+)*)' +
    '(?:[-_.]?(?<preL>alpha|a|beta|b|preview|pre|c|rc)[-_.]?(?<preN>\\d+)?)?' +
    '(?:-(?<postN1>\\d+)|[-_.]?(?<postL>post|rev|r)[-_.]?(?<postN2>\\d+)?)?' +
    '(?:[-_.]?(?<dev>dev)[-_.]?(?<devN>\\d+)?)?' +
    '(?:\\+(?<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?$',
  'i',
);

// Normalised pre-release letters and their order: a < b < rc.
const PRE_RANK: Readonly<Record<string, number>> = {
  a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2,
};

function parsePep440(v: string): Pep440Version | null {
  const g = PEP440_RE.exec(v.trim())?.groups;
  if (g === undefined) return null;
  const release = (g.release ?? '0').split('.');
  // Trailing zeros do not count: 1.0 == 1.0.0.
  while (release.length > 1 && /^0+$/.test(release[release.length - 1] ?? '')) release.pop();
  const postNumber = g.postN1 ?? (g.postL === undefined ? undefined : (g.postN2 ?? '0'));
  return {
    epoch: g.epoch ?? '0',
    release,
    pre: g.preL === undefined ? null : { rank: PRE_RANK[g.preL.toLowerCase()] ?? 0, n: g.preN ?? '0' },
    post: postNumber ?? null,
    // "1.0.dev" has an implicit dev number 0; no dev part at all is null.
    dev: g.dev === undefined ? null : (g.devN ?? '0'),
    local: g.local === undefined ? null : g.local.toLowerCase().split(/[-_.]/),
  };
}

function comparePep440(a: Pep440Version, b: Pep440Version): Ordering {
  return (
    compareDigits(a.epoch, b.epoch) ||
    compareRelease(a.release, b.release) ||
    comparePre(a, b) ||
    compareOptional(a.post, b.post, -1) ||
    compareOptional(a.dev, b.dev, 1) ||
    compareLocal(a.local, b.local)
  );
}

function compareRelease(a: readonly string[], b: readonly string[]): Ordering {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const result = compareDigits(a[i] ?? '0', b[i] ?? '0');
    if (result !== 0) return result;
  }
  return 0;
}

// packaging's _cmpkey: a dev release with no pre or post part sorts before
// every pre-release of its version (1.0.dev1 < 1.0a1); no pre part at all
// sorts after all pre-releases.
function comparePre(a: Pep440Version, b: Pep440Version): Ordering {
  const key = (v: Pep440Version): [number, number, string] => {
    if (v.pre !== null) return [1, v.pre.rank, v.pre.n];
    if (v.post === null && v.dev !== null) return [0, 0, '0'];
    return [2, 0, '0'];
  };
  const [xa, ya, za] = key(a);
  const [xb, yb, zb] = key(b);
  if (xa !== xb) return xa < xb ? -1 : 1;
  if (ya !== yb) return ya < yb ? -1 : 1;
  return compareDigits(za, zb);
}

// A missing post sorts before any post (missingSign -1); a missing dev sorts
// after any dev (missingSign 1).
function compareOptional(a: string | null, b: string | null, missingSign: Ordering): Ordering {
  if (a === null || b === null) {
    if (a === b) return 0;
    return a === null ? missingSign : (-missingSign as Ordering);
  }
  return compareDigits(a, b);
}

// Local versions: absent < present; numeric segments beat alphanumeric ones,
// alphanumeric ones compare as strings, a longer local wins on a tie.
function compareLocal(a: readonly string[] | null, b: readonly string[] | null): Ordering {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    const xNum = /^\d+$/.test(x);
    const yNum = /^\d+$/.test(y);
    const result = xNum && yNum ? compareDigits(x, y) : xNum !== yNum ? (xNum ? 1 : -1) : compareStrings(x, y);
    if (result !== 0) return result;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Python packages (PEP 440, as pip and packaging order them). */
export const pep440 = defineScheme('pep440', parsePep440, comparePep440);
