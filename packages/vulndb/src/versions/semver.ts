import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, type Ordering } from './types.ts';

export interface SemverParts {
  readonly core: readonly string[];
  readonly prerelease: readonly string[];
}

// SemVer 2.0.0 (semver.org's recommended grammar, simplified): numeric
// core without leading zeros, dot-separated prerelease, build metadata.
// Sample: "1.0.0-alpha.beta+exp.sha.5114f85" -> 1, 0, 0, "alpha.beta".
const SEMVER_RE =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Parses strict SemVer 2.0.0; build metadata is dropped (no precedence). */
export function parseSemver(v: string): SemverParts | null {
  const m = SEMVER_RE.exec(v.trim());
  if (m === null) return null;
  return {
    core: [m[1] ?? '0', m[2] ?? '0', m[3] ?? '0'],
    prerelease: m[4] === undefined ? [] : m[4].split('.'),
  };
}

/** SemVer precedence: core numerically, then a prerelease sorts first. */
export function compareSemverParts(
  a: SemverParts,
  b: SemverParts,
  compareIdentifier: (x: string, y: string) => Ordering = comparePrereleaseIdentifier,
): Ordering {
  const length = Math.max(a.core.length, b.core.length);
  for (let i = 0; i < length; i++) {
    const result = compareDigits(a.core[i] ?? '0', b.core[i] ?? '0');
    if (result !== 0) return result;
  }
  return comparePrerelease(a.prerelease, b.prerelease, compareIdentifier);
}

export function comparePrerelease(
  a: readonly string[],
  b: readonly string[],
  compareIdentifier: (x: string, y: string) => Ordering,
): Ordering {
  if (a.length === 0 || b.length === 0) {
    // A version without prerelease is the release: it sorts after any prerelease.
    return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  }
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const result = compareIdentifier(a[i] ?? '', b[i] ?? '');
    if (result !== 0) return result;
  }
  // A larger set of identifiers wins when all preceding ones are equal.
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Numeric identifiers compare numerically and sort before alphanumeric ones. */
export function comparePrereleaseIdentifier(x: string, y: string): Ordering {
  const xNum = /^\d+$/.test(x);
  const yNum = /^\d+$/.test(y);
  if (xNum && yNum) return compareDigits(x, y);
  if (xNum !== yNum) return xNum ? -1 : 1;
  return compareStrings(x, y);
}

/** SemVer 2.0.0 (crates.io, OSV's SEMVER ranges; npm has node-semver's own, npm.ts). */
export const semver = defineScheme('semver', parseSemver, (a, b) => compareSemverParts(a, b));
