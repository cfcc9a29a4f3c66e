// Text from the input (member names, component names, problem messages) made safe to
// print on a terminal or in a tab-separated line: control characters are escaped the
// way C writes them, so a newline in a name cannot make a false row and an ANSI escape
// cannot reach the terminal. JSON output needs none of this (JSON.stringify escapes).

/** Escapes with a short C form; the rest of C0, DEL and C1 become `\xHH`. */
const SHORT: Record<number, string> = { 0x00: '\\0', 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x1b: '\\e', 0x5c: '\\\\' };

/**
 * Characters that are not controls but change how a line reads: bidirectional overrides
 * and isolates (the "Trojan Source" reordering), line and paragraph separators, and the
 * byte order mark. Shown as `\u{202e}`.
 */
const INVISIBLE = new Set([0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff]);

/**
 * `a\nb` → `a\\nb`: backslash → `\\`, NUL `\0`, TAB `\t`, LF `\n`, CR `\r`, ESC `\e`, other
 * C0, DEL and C1 (U+0080–U+009F) `\xHH`, lone surrogates (a name decoded from invalid
 * UTF-16) and the characters of INVISIBLE `\u{hhhh}`. Everything else is kept as it is,
 * including U+FFFD, which is what a decoder made of invalid UTF-8. Plain text comes back
 * unchanged (the same string).
 */
export function escapeText(text: string): string {
  let out = '';
  let from = 0; // start of the run of characters kept as they are
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && isLow(text.charCodeAt(i + 1))) {
      i++; // a valid surrogate pair (an emoji) is kept
      continue;
    }
    const escaped = escapeUnit(code);
    if (escaped === undefined) continue;
    out += text.slice(from, i) + escaped;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The escape of one UTF-16 code unit that is not part of a valid pair, or undefined to keep it. */
function escapeUnit(code: number): string | undefined {
  const short = SHORT[code];
  if (short !== undefined) return short;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, '0')}`;
  if ((code >= 0xd800 && code <= 0xdfff) || INVISIBLE.has(code)) return `\\u{${code.toString(16)}}`;
  return undefined;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
