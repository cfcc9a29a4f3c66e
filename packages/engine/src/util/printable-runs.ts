// Printable runs of a binary, as `strings -a` finds them: ASCII (with \t \r \n) and UTF-16LE
// at either byte parity. This runs over every byte of every executable of a scan: one pass
// over the bytes with a table, which neither copies the binary into a string nor reads a
// run again from each of its characters (as a regular expression over it does).

/** A run and where it starts; for UTF-16 runs each character is 2 bytes. */
export interface PrintableRun {
  text: string;
  offset: number;
  width: 1 | 2;
}

/** 1 for \t \n \r and 0x20-0x7e. */
const PRINTABLE = new Uint8Array(256);
for (let b = 0x20; b < 0x7f; b++) PRINTABLE[b] = 1;
for (const b of [0x09, 0x0a, 0x0d]) PRINTABLE[b] = 1;

/**
 * ASCII runs of at least `min` bytes, then UTF-16LE runs of at least `min` characters at even,
 * then at odd offsets. Runs of the two parities never overlap (a UTF-16 run's odd bytes are
 * NUL, which is not printable). A UTF-16 run that reaches the very end of the bytes is not
 * reported (the behaviour the infoleak results were recorded with).
 */
export function printableRuns(bytes: Uint8Array, min: number): PrintableRun[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: PrintableRun[] = [];
  const ascii = (i: number): boolean => PRINTABLE[buffer[i] ?? 0] === 1;
  for (const [start, end] of runs(buffer.length, min, 1, 0, ascii)) out.push({ text: buffer.toString('latin1', start, end), offset: start, width: 1 });
  const n = buffer.length;
  const pair = (i: number): boolean => buffer[i + 1] === 0 && i + 1 < n && PRINTABLE[buffer[i] ?? 0] === 1;
  for (const parity of [0, 1]) {
    for (const [start, end] of runs(n, min, 2, parity, pair)) {
      if (end !== n) out.push({ text: buffer.toString('utf16le', start, end), offset: start, width: 2 });
    }
  }
  return out;
}

/**
 * Maximal runs of at least `min` units, [start, end) in bytes, of the units at `parity` +
 * k × `step` that `unit` accepts (printable bytes; printable-then-NUL pairs). A run that long
 * holds every min-th unit, so only those are looked at until one is in a run (most of a
 * binary is skipped, min units at a time).
 */
function runs(n: number, min: number, step: 1 | 2, parity: number, unit: (i: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  // No run began before `from` that reaches it: the unit before `from` is outside any run.
  let from = parity;
  const span = step * (min - 1);
  while (from + span < n) {
    const probe = from + span;
    if (!unit(probe)) {
      from = probe + step;
      continue;
    }
    let start = probe;
    while (start > from && unit(start - step)) start -= step;
    let end = probe + step;
    while (end < n && unit(end)) end += step;
    if (end - start >= step * min) out.push([start, end]);
    from = end + step;
  }
  return out;
}
