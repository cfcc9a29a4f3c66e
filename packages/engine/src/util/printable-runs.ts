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
  asciiRuns(buffer, min, out);
  for (const parity of [0, 1]) utf16Runs(buffer, min, parity, out);
  return out;
}

// The two searches below are one algorithm, written out twice with the unit test inline: they
// run over every byte of every binary, and a closure per unit (one function for both) cost
// a third of the whole leak search of a root file system's binaries.
//
// Maximal runs of at least `min` units: a run that long holds every min-th unit, so only those
// are looked at until one is in a run (most of a binary is skipped, min units at a time).
// No run began before `from` that reaches it: the unit before `from` is outside any run.

/** Printable bytes. */
function asciiRuns(buffer: Buffer, min: number, out: PrintableRun[]): void {
  const n = buffer.length;
  const span = min - 1;
  let from = 0;
  while (from + span < n) {
    const probe = from + span;
    if (PRINTABLE[buffer[probe] ?? 0] !== 1) {
      from = probe + 1;
      continue;
    }
    let start = probe;
    while (start > from && PRINTABLE[buffer[start - 1] ?? 0] === 1) start--;
    let end = probe + 1;
    while (end < n && PRINTABLE[buffer[end] ?? 0] === 1) end++;
    if (end - start >= min) out.push({ text: buffer.toString('latin1', start, end), offset: start, width: 1 });
    from = end + 1;
  }
}

/** Printable-then-NUL pairs at `parity` + 2k. A run that reaches the very end of the bytes is not reported. */
function utf16Runs(buffer: Buffer, min: number, parity: number, out: PrintableRun[]): void {
  const n = buffer.length;
  const span = 2 * (min - 1);
  // A unit at i: buffer[i + 1] is NUL (undefined past the end, which is no unit) and buffer[i] printable.
  let from = parity;
  while (from + span < n) {
    const probe = from + span;
    if (buffer[probe + 1] !== 0 || PRINTABLE[buffer[probe] ?? 0] !== 1) {
      from = probe + 2;
      continue;
    }
    let start = probe;
    while (start > from && buffer[start - 1] === 0 && PRINTABLE[buffer[start - 2] ?? 0] === 1) start -= 2;
    let end = probe + 2;
    while (end < n && buffer[end + 1] === 0 && PRINTABLE[buffer[end] ?? 0] === 1) end += 2;
    if (end - start >= 2 * min && end !== n) out.push({ text: buffer.toString('utf16le', start, end), offset: start, width: 2 });
    from = end + 2;
  }
}
