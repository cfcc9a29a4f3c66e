import { defineScheme } from './fallback.ts';
import { compareDigits, compareStrings, negate, type Ordering } from './types.ts';

// Maven's ComparableVersion item model: numbers, qualifier strings and
// sub-lists (a "-" or a digit/letter transition starts a sub-list).
type Item = { t: 'int'; digits: string } | { t: 'str'; value: string } | { t: 'list'; items: Item[] };

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Readonly<Record<string, string>> = { ga: '', final: '', release: '', cr: 'rc' };
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''));

// Maven accepts any string; we accept dot/hyphen-separated non-empty
// components, which every real coordinate has, so that garbage (and
// Maven's edge cases with empty components, where its order is not
// transitive) goes to the documented fallback.
// Sample: "1.0-alpha-1", "2.17.1", "5.3.18.RELEASE", "1.0.0.Final-redhat-00001".
const MAVEN_RE = /^[0-9A-Za-z_+]+(?:[.-][0-9A-Za-z_+]+)*$/;

function parseMaven(v: string): Item | null {
  const text = v.trim().toLowerCase();
  if (!MAVEN_RE.test(text)) return null;
  const root: Item[] = [];
  const stack: Item[][] = [root];
  let list = root;
  let isDigit = false;
  let start = 0;
  const pushList = (): void => {
    const next: Item[] = [];
    list.push({ t: 'list', items: next });
    stack.push(next);
    list = next;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '.' || c === '-') {
      list.push(i === start ? { t: 'int', digits: '0' } : item(isDigit, text.slice(start, i), false));
      start = i + 1;
      if (c === '-') pushList();
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        // "alpha1": the letters are a qualifier followed by a digit.
        list.push(item(false, text.slice(start, i), true));
        start = i;
        pushList();
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(item(true, text.slice(start, i), false));
        start = i;
        pushList();
      }
      isDigit = false;
    }
  }
  if (text.length > start) list.push(item(isDigit, text.slice(start), false));
  for (const items of stack.reverse()) normalize(items);
  return { t: 'list', items: root };
}

function item(isDigit: boolean, text: string, followedByDigit: boolean): Item {
  if (isDigit) return { t: 'int', digits: text };
  // a1 = alpha-1, b1 = beta-1, m1 = milestone-1
  const short: Readonly<Record<string, string>> = { a: 'alpha', b: 'beta', m: 'milestone' };
  const value = followedByDigit ? (short[text] ?? text) : text;
  return { t: 'str', value: ALIASES[value] ?? value };
}

// Trailing "null" items (0, "", empty list) are dropped: 1.0 == 1 == 1-ga.
function normalize(items: Item[]): void {
  for (let i = items.length - 1; i >= 0; i--) {
    const last = items[i];
    if (last === undefined) continue;
    if (isNull(last)) items.splice(i, 1);
    else if (last.t !== 'list') break;
  }
}

function isNull(x: Item): boolean {
  if (x.t === 'int') return /^0+$/.test(x.digits);
  if (x.t === 'str') return comparable(x.value) === RELEASE_INDEX;
  return x.items.length === 0;
}

// Known qualifiers by index, unknown ones after all of them, lexically.
function comparable(q: string): string {
  const i = QUALIFIERS.indexOf(q);
  return i === -1 ? `${QUALIFIERS.length}-${q}` : String(i);
}

function compareItem(x: Item, y: Item | undefined): Ordering {
  if (x.t === 'int') {
    if (y === undefined) return isNull(x) ? 0 : 1;
    return y.t === 'int' ? compareDigits(x.digits, y.digits) : 1;
  }
  if (x.t === 'str') {
    if (y === undefined) return compareStrings(comparable(x.value), RELEASE_INDEX);
    return y.t === 'str' ? compareStrings(comparable(x.value), comparable(y.value)) : -1;
  }
  if (y === undefined) return x.items[0] === undefined ? 0 : compareItem(x.items[0], undefined);
  if (y.t === 'int') return -1;
  if (y.t === 'str') return 1;
  const length = Math.max(x.items.length, y.items.length);
  for (let i = 0; i < length; i++) {
    const l = x.items[i];
    const r = y.items[i];
    const result = l === undefined ? (r === undefined ? 0 : negate(compareItem(r, undefined))) : compareItem(l, r);
    if (result !== 0) return result;
  }
  return 0;
}

/**
 * Maven (org.apache.maven.artifact.versioning.ComparableVersion, Maven 3.x),
 * with "release" as an alias of the release qualifier as in later Maven.
 */
export const maven = defineScheme('maven', parseMaven, compareItem);
