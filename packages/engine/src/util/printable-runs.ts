// Printable runs of a binary, as `strings -a` finds them: ASCII (with \t \r \n) and UTF-16LE
// at either byte parity. This runs over every byte of every executable of a scan, so the
// search is left to the regular expression engine over the bytes as latin1 text (one
// character per byte), which is several times faster than a loop over the bytes in JS.

/** A run and where it starts; for UTF-16 runs each character is 2 bytes. */
export interface PrintableRun {
  text: string;
  offset: number;
  width: 1 | 2;
}

const PRINTABLE = '[\\t\\n\\r\\x20-\\x7e]';

/**
 * ASCII runs of at least `min` bytes, then UTF-16LE runs of at least `min` characters at even,
 * then at odd offsets. Runs of the two parities never overlap (a UTF-16 run's odd bytes are
 * NUL, which is not printable), so one search finds both. A UTF-16 run that reaches the very
 * end of the bytes is not reported (the behaviour the infoleak results were recorded with).
 */
export function printableRuns(bytes: Uint8Array, min: number): PrintableRun[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const out: PrintableRun[] = [];
  for (const m of text.matchAll(new RegExp(`${PRINTABLE}{${min},}`, 'g'))) out.push({ text: m[0], offset: m.index, width: 1 });
  const odd: PrintableRun[] = [];
  for (const m of text.matchAll(new RegExp(`(?:${PRINTABLE}\\x00){${min},}`, 'g'))) {
    const end = m.index + m[0].length;
    if (end === bytes.length) continue;
    (m.index % 2 === 0 ? out : odd).push({ text: buffer.subarray(m.index, end).toString('utf16le'), offset: m.index, width: 2 });
  }
  for (const run of odd) out.push(run);
  return out;
}
