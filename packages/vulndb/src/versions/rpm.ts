import { fallbackCompare } from './fallback.ts';
import { compareDigits, compareStrings, type Ordering, type VersionScheme } from './types.ts';

interface RpmVersion {
  readonly epoch: string;
  readonly version: string;
  /** Null when the string has no `-`: it then sorts before any release, even an empty one. */
  readonly release: string | null;
}

// A well-formed [epoch:]version[-release], each part made of the characters rpm allows
// in a version (letters, digits, . _ + ~ ^) and starting alphanumeric. Only `valid` uses it:
// rpm itself compares any string, and so does `compare`.
// Sample: "1:1.1.1k-12.el8_9" -> epoch 1, version "1.1.1k", release "12.el8_9".
const EVR_RE = /^(?:\d+:)?[A-Za-z0-9][A-Za-z0-9._+~^]*(?:-[A-Za-z0-9][A-Za-z0-9._+~^]*)?$/;

/**
 * rpm's own split (rpmver.c parseEVR): leading digits followed by `:` are the epoch (empty
 * means 0), the release is what follows the last `-`, the version is what is left.
 */
function parseRpm(v: string): RpmVersion {
  let digits = 0;
  while (digits < v.length && isDigit(v[digits])) digits++;
  const hasEpoch = v[digits] === ':';
  const epoch = hasEpoch ? v.slice(0, digits) || '0' : '0';
  const rest = hasEpoch ? v.slice(digits + 1) : v;
  const dash = v.lastIndexOf('-');
  if (dash < digits) return { epoch, version: rest, release: null };
  const versionEnd = rest.length - (v.length - dash);
  return { epoch, version: rest.slice(0, versionEnd), release: rest.slice(versionEnd + 1) };
}

function compareRpm(a: RpmVersion, b: RpmVersion): Ordering {
  // As rpm 4.18's rpm.vercmp answers: "1.0" < "1.0-" < "1.0-~" < "1.0-1".
  return rpmvercmp(a.epoch, b.epoch) || rpmvercmp(a.version, b.version) || compareRelease(a.release, b.release);
}

function compareRelease(a: string | null, b: string | null): Ordering {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return rpmvercmp(a, b);
}

/**
 * rpm's rpmvercmp (rpm >= 4.15): alphanumeric segments, separators ignored,
 * numeric segments beat alphabetic ones, `~` sorts before everything (even
 * the end) and `^` after the end but before anything else.
 */
export function rpmvercmp(a: string, b: string): Ordering {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && isSeparator(a[i])) i++;
    while (j < b.length && isSeparator(b[j])) j++;
    const ca = a[i];
    const cb = b[j];
    if (ca === '~' || cb === '~') {
      if (ca !== '~') return 1;
      if (cb !== '~') return -1;
      i++;
      j++;
      continue;
    }
    if (ca === '^' || cb === '^') {
      if (ca === undefined) return -1;
      if (cb === undefined) return 1;
      if (ca !== '^') return 1;
      if (cb !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (ca === undefined || cb === undefined) break;
    const numeric = isDigit(ca);
    const inSegment = numeric ? isDigit : isAlpha;
    const aStart = i;
    const bStart = j;
    while (i < a.length && inSegment(a[i])) i++;
    while (j < b.length && inSegment(b[j])) j++;
    // Segments of different types: the numeric one is newer.
    if (j === bStart) return numeric ? 1 : -1;
    const segA = a.slice(aStart, i);
    const segB = b.slice(bStart, j);
    const result = numeric ? compareDigits(segA, segB) : compareStrings(segA, segB);
    if (result !== 0) return result;
  }
  const restA = i < a.length;
  const restB = j < b.length;
  if (restA === restB) return 0;
  return restA ? 1 : -1;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isAlpha(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
}

function isSeparator(c: string | undefined): boolean {
  return c !== undefined && !isDigit(c) && !isAlpha(c) && c !== '~' && c !== '^';
}

/**
 * RPM epoch:version-release (Red Hat, Rocky, Alma, SUSE, openSUSE), compared as rpm's
 * `rpm.vercmp` does for every non-empty string (checked against rpm 4.18 itself:
 * fixtures/versions/rpm-vercmp.tsv); only the empty string, which rpm refuses, falls back.
 */
export const rpm: VersionScheme = {
  name: 'rpm',
  valid: (v) => EVR_RE.test(v.trim()),
  compare: (a, b) => (a === '' || b === '' ? fallbackCompare(a, b) : compareRpm(parseRpm(a), parseRpm(b))),
};
