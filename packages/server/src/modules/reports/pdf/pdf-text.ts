// Text for the PDF's standard fonts, which hold the WinAnsi glyphs only: typographic
// punctuation becomes its ASCII look-alike and anything else outside Latin-1 a '?', so a
// Chinese file name or an emoji in a summary prints instead of breaking the document.
// Lines are wrapped and cut here, by measured width, so every table row has a known height.

/** What the PDF needs of a document to measure text: the width of a string at the current font and size. */
export interface TextMeasure {
  widthOfString(text: string): number;
}

const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201c': '"', '\u201d': '"', '\u201e': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2026': '...', '\u2022': '*', '\u2192': '->', '\u00a0': ' ',
};

/** "Zlib “1.2” — 压缩 😀" → 'Zlib "1.2" - ?? ?' */
export function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\t\r\n\v\f]+/g, ' ') // "line one\nline two" → "line one line two"
    .replace(/[\u2018\u2019\u201a\u201c\u201d\u201e\u2013\u2014\u2212\u2026\u2022\u2192\u00a0]/g, (c) => LOOK_ALIKES[c] ?? '?')
    .replace(/[^\x20-\x7e\xa1-\xff]/gu, '?'); // "压缩" → "??"; one '?' per code point, so an emoji is one
}

const ELLIPSIS = '...';

/**
 * The text in lines no wider than `width`, at most `maxLines` of them; a longer text ends its
 * last line with "...". Breaks at spaces, '/', ':', ',' and '-' where it can, inside a word where it must.
 */
export function wrapLines(measure: TextMeasure, text: string, width: number, maxLines: number): string[] {
  const clean = printable(text).trim();
  if (clean === '') return [''];
  const lines: string[] = [];
  let rest = clean;
  while (rest !== '' && lines.length < maxLines) {
    if (measure.widthOfString(rest) <= width) {
      lines.push(rest);
      rest = '';
      break;
    }
    const cut = fittingLength(measure, rest, width);
    const breakAt = lastBreak(rest, cut);
    const end = breakAt > 0 ? breakAt : Math.max(1, cut);
    lines.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest !== '') lines[lines.length - 1] = withEllipsis(measure, lines[lines.length - 1] ?? '', width);
  return lines;
}

/** The longest prefix length that fits (binary search: the widths grow with the length). */
function fittingLength(measure: TextMeasure, text: string, width: number): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure.widthOfString(text.slice(0, mid)) <= width) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Just after the last break character within the first `cut` characters; 0 when there is none. */
function lastBreak(text: string, cut: number): number {
  for (let i = cut; i > 0; i -= 1) {
    const c = text[i - 1];
    if (text[i] === ' ') return i;
    if (c === '/' || c === ':' || c === ',' || c === '-' || c === ';') return i;
  }
  return 0;
}

function withEllipsis(measure: TextMeasure, line: string, width: number): string {
  let kept = line;
  while (kept !== '' && measure.widthOfString(`${kept}${ELLIPSIS}`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}${ELLIPSIS}`;
}
