// Field layout of one 512-byte tar header (POSIX.1-1988 ustar; GNU variant).
// Kept apart from tar.ts so the walk reads as a walk.

export interface TarHeader {
  path: string;
  linkName: string;
  size: number;
  /** Type flag character: `0` file, `1` hard link, `2` symlink, `5` directory, `L`/`K`/`x`/`g` metadata. */
  type: string;
}

/** Sum of the header bytes with the checksum field counted as spaces (unsigned or, for old tars, signed). */
export function verifyChecksum(block: Buffer): boolean {
  const stored = parseOctal(block.subarray(148, 156));
  if (stored === undefined) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < 512; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

/** Fields of a header whose checksum was verified; undefined for an unreadable size. */
export function parseHeader(block: Buffer): TarHeader | undefined {
  const size = parseNumeric(block.subarray(124, 136));
  if (size === undefined) return undefined;
  let path = field(block, 0, 100);
  // POSIX ustar (`ustar\0` + `00`) splits long paths into prefix (345..500) + name;
  // GNU (`ustar  \0`) uses those bytes for other fields.
  if (block.toString('latin1', 257, 263) === 'ustar\0') {
    const prefix = field(block, 345, 155);
    if (prefix !== '') path = `${prefix}/${path}`;
  }
  return { path, linkName: field(block, 157, 100), size, type: String.fromCharCode(block[156] ?? 0) };
}

/** PAX records `"%d %s=%s\n"`, sample `30 path=usr/lib/very/long/name\n`. */
export function parsePax(data: Buffer): Record<string, string> | undefined {
  const records: Record<string, string> = {};
  let pos = 0;
  while (pos < data.length) {
    if (data[pos] === 0) break; // NUL padding after the last record
    const space = data.indexOf(0x20, pos);
    if (space < 0) return undefined;
    const length = Number(data.toString('latin1', pos, space));
    if (!Number.isInteger(length) || length <= space - pos + 1 || pos + length > data.length) return undefined;
    const record = data.toString('utf8', space + 1, pos + length - 1);
    const eq = record.indexOf('=');
    if (eq < 0) return undefined;
    records[record.slice(0, eq)] = record.slice(eq + 1);
    pos += length;
  }
  return records;
}

function field(block: Buffer, start: number, length: number): string {
  const bytes = block.subarray(start, start + length);
  const nul = bytes.indexOf(0);
  return bytes.toString('utf8', 0, nul < 0 ? length : nul);
}

/** Octal ASCII (`00000001750 `) or GNU base-256 (high bit set) for sizes over 8 GiB. */
function parseNumeric(bytes: Buffer): number | undefined {
  if (((bytes[0] ?? 0) & 0x80) !== 0) {
    if ((bytes[0] ?? 0) & 0x40) return undefined; // negative
    let value = (bytes[0] ?? 0) & 0x3f;
    for (let i = 1; i < bytes.length; i++) value = value * 256 + (bytes[i] ?? 0);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  return parseOctal(bytes);
}

function parseOctal(bytes: Buffer): number | undefined {
  const text = bytes.toString('latin1').replace(/[\0 ]+$/, '').trim();
  if (text === '') return 0;
  // Octal digits only, sample `0000644`.
  if (!/^[0-7]+$/.test(text)) return undefined;
  const value = parseInt(text, 8);
  return Number.isSafeInteger(value) ? value : undefined;
}
