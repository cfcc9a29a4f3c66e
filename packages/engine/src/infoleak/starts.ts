// Where a detector's pattern can match, found faster than the pattern's own search: a pattern
// led by a lookbehind or a broad character class is tried by the regular expression engine at
// every position of a text, while the literal or rare character every match must hold is found
// by a search that skips ahead. The positions given must include every one at which the pattern
// matches (a detector's `starts`); the scan tries the pattern there alone (scan-text.ts).

/** Where each match of `anchor` (global; usually one character with a lookahead) is, moved back by `back`. */
export function shiftedStarts(text: string, anchor: RegExp, back: number, out: number[] = []): number[] {
  anchor.lastIndex = 0;
  for (let m = anchor.exec(text); m; m = anchor.exec(text)) out.push(m.index - back);
  return out;
}

/**
 * For each match of `anchor` at k: k and every position before it from which the characters up
 * to k all satisfy `allowed`, at most `max` of them (a pattern's `[class]{0,max}` before its literal).
 */
export function reachBackStarts(text: string, anchor: RegExp, max: number, allowed: (code: number) => boolean, out: number[] = []): number[] {
  anchor.lastIndex = 0;
  for (let m = anchor.exec(text); m; m = anchor.exec(text)) {
    const k = m.index;
    let from = k;
    while (from > 0 && k - from < max && allowed(text.charCodeAt(from - 1))) from--;
    for (let s = from; s <= k; s++) out.push(s);
  }
  return out;
}

/**
 * Where each maximal run of at least `min` characters of an ASCII class begins (`member`: 1 for
 * each character code of the class, asciiClass). A pattern led by `[class]{min}` reads each run
 * again from every character in it; here a run that long must hold every min-th character, so
 * only those are looked at first (the text is mostly skipped, min - 1 characters at a time).
 */
export function runStarts(text: string, member: Uint8Array, min: number): number[] {
  const out: number[] = [];
  const inClass = (i: number): boolean => {
    const c = text.charCodeAt(i);
    return c < 128 && member[c] === 1;
  };
  // No run of the class begins in [from, ...) that began before `from`: text[from - 1] is outside it.
  let from = 0;
  while (from + min <= text.length) {
    const probe = from + min - 1;
    if (!inClass(probe)) {
      from = probe + 1;
      continue;
    }
    let start = probe;
    while (start > from && inClass(start - 1)) start--;
    let end = probe + 1;
    while (end < text.length && inClass(end)) end++;
    if (end - start >= min) out.push(start);
    from = end + 1;
  }
  return out;
}

/** The ASCII characters that pass `test`, as runStarts takes them. */
export function asciiClass(test: (code: number) => boolean): Uint8Array {
  const member = new Uint8Array(128);
  for (let c = 0; c < 128; c++) member[c] = test(c) ? 1 : 0;
  return member;
}

/** [A-Za-z0-9] */
export function isAlphanumeric(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

export function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** [A-Za-z0-9_] */
export function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}
