import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, type Ordering } from './types.ts';

interface RpmVersion {
  readonly epoch: string;
  readonly version: string;
  readonly release: string;
}

// [epoch:]version[-release], each part made of the characters rpm allows
// in a version (letters, digits, . _ + ~ ^) and starting alphanumeric.
// Sample: "1:1.1.1k-12.el8_9" -> epoch 1, version "1.1.1k", release "12.el8_9".
const EVR_RE = /^(?:(\d+):)?([A-Za-z0-9][A-Za-z0-9._+~^]*)(?:-([A-Za-z0-9][A-Za-z0-9._+~^]*))?$/;

function parseRpm(v: string): RpmVersion | null {
  const m = EVR_RE.exec(v.trim());
  if (m === null) return null;
  return { epoch: m[1] ?? '0', version: m[2] ?? '', release: m[3] ?? '' };
}

function compareRpm(a: RpmVersion, b: RpmVersion): Ordering {
  // A missing release compares as empty, i.e. before any release: this keeps
  // the order total where rpm itself would treat it as "any release".
  return compareDigits(a.epoch, b.epoch) || rpmvercmp(a.version, b.version) || rpmvercmp(a.release, b.release);
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

/** RPM epoch:version-release (Red Hat, Rocky, Alma, SUSE, openSUSE). */
export const rpm = defineScheme('rpm', parseRpm, compareRpm);
