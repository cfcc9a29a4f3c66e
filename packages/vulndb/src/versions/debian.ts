import { defineScheme } from './fallback.ts';
import { compareDigits, type Ordering } from './types.ts';

interface DebianVersion {
  readonly epoch: string;
  readonly upstream: string;
  readonly revision: string;
}

// [epoch:]upstream[-revision] per deb-version(7): upstream starts with a
// digit; hyphens only when there is a revision, colons only with an epoch.
// Sample: "1:2.36-9+deb12u4" -> epoch 1, upstream "2.36", revision "9+deb12u4".
const EPOCH_RE = /^(\d+):(.*)$/;
// Sample upstream: "1.1.1n", "2.0~rc1", "7.88.1" (with a revision, "1:1.2-3" splits at the last "-").
const UPSTREAM_RE = /^\d[A-Za-z0-9.+~:-]*$/;
// Sample revision: "0+deb11u5", "1ubuntu2.20+esm19".
const REVISION_RE = /^[A-Za-z0-9.+~]+$/;

function parseDebian(v: string): DebianVersion | null {
  let text = v.trim();
  let epoch = '0';
  const epochMatch = EPOCH_RE.exec(text);
  if (epochMatch !== null) {
    epoch = epochMatch[1] ?? '0';
    text = epochMatch[2] ?? '';
  }
  const dash = text.lastIndexOf('-');
  const upstream = dash >= 0 ? text.slice(0, dash) : text;
  const revision = dash >= 0 ? text.slice(dash + 1) : '';
  if (!UPSTREAM_RE.test(upstream)) return null;
  if (dash >= 0 && !REVISION_RE.test(revision)) return null;
  if (dash < 0 && upstream.includes('-')) return null;
  if (epochMatch === null && upstream.includes(':')) return null;
  return { epoch, upstream, revision };
}

function compareDebian(a: DebianVersion, b: DebianVersion): Ordering {
  return compareDigits(a.epoch, b.epoch) || verrevcmp(a.upstream, b.upstream) || verrevcmp(a.revision, b.revision);
}

/**
 * dpkg's verrevcmp: alternate non-digit and digit runs; non-digits compare
 * by `order` (tilde below everything, even the end; letters below other
 * characters), digit runs numerically.
 */
export function verrevcmp(a: string, b: string): Ordering {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a[i])) || (j < b.length && !isDigit(b[j]))) {
      const ac = order(a[i]);
      const bc = order(b[j]);
      if (ac !== bc) return ac < bc ? -1 : 1;
      i++;
      j++;
    }
    const aStart = i;
    const bStart = j;
    while (i < a.length && isDigit(a[i])) i++;
    while (j < b.length && isDigit(b[j])) j++;
    const result = compareDigits(a.slice(aStart, i) || '0', b.slice(bStart, j) || '0');
    if (result !== 0) return result;
  }
  return 0;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function order(c: string | undefined): number {
  if (c === undefined || isDigit(c)) return 0;
  if (c === '~') return -1;
  const code = c.charCodeAt(0);
  const isLetter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return isLetter ? code : code + 256;
}

/** Debian and Ubuntu package versions (dpkg order). */
export const debian = defineScheme('debian', parseDebian, compareDebian);
