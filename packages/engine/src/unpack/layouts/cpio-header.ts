// Header layouts of the four cpio variants; numbers are hex (newc, crc), octal
// (odc) or 16-bit words (old binary, either byte order).

export type CpioKind = 'newc' | 'crc' | 'odc' | 'bin-le' | 'bin-be';

export interface CpioHeader {
  headerSize: number;
  /** Name and data are padded to this many bytes. */
  align: number;
  dev: number;
  ino: number;
  mode: number;
  nlink: number;
  nameSize: number;
  fileSize: number;
  /** newc/crc keep a hard link's data on its last name only. */
  hardLinksAtEnd: boolean;
}

export function headerKind(head: Buffer): CpioKind | undefined {
  if (head.length < 26) return undefined;
  const magic = head.toString('latin1', 0, 6);
  if (magic === '070701') return 'newc';
  if (magic === '070702') return 'crc';
  if (magic === '070707') return 'odc';
  if (head.readUInt16LE(0) === 0o70707) return 'bin-le';
  if (head.readUInt16BE(0) === 0o70707) return 'bin-be';
  return undefined;
}

/** The header at the start of `head`, or undefined when a field is not a number. */
export function parseCpioHeader(head: Buffer, kind: CpioKind): CpioHeader | undefined {
  if (kind === 'newc' || kind === 'crc') {
    if (head.length < 110) return undefined;
    const f = (i: number): number => num(head.toString('latin1', 6 + i * 8, 14 + i * 8), 16, 8);
    // Sample header: `070701` `00000002` (ino) `000081a4` (mode) ... `00000006` (namesize) `00000000` (check).
    const [ino, mode, nlink, fileSize, devMajor, devMinor, nameSize] = [f(0), f(1), f(4), f(6), f(7), f(8), f(11)];
    if ([ino, mode, nlink, fileSize, devMajor, devMinor, nameSize].some(Number.isNaN)) return undefined;
    return { headerSize: 110, align: 4, dev: devMajor * 65536 + devMinor, ino, mode, nlink, nameSize, fileSize, hardLinksAtEnd: true };
  }
  if (kind === 'odc') {
    if (head.length < 76) return undefined;
    const o = (start: number, len: number): number => num(head.toString('latin1', start, start + len), 8, len);
    const h = { dev: o(6, 6), ino: o(12, 6), mode: o(18, 6), nlink: o(36, 6), nameSize: o(59, 6), fileSize: o(65, 11) };
    if (Object.values(h).some(Number.isNaN)) return undefined;
    return { headerSize: 76, align: 1, ...h, hardLinksAtEnd: false };
  }
  const u16 = (i: number): number => (kind === 'bin-le' ? head.readUInt16LE(i) : head.readUInt16BE(i));
  // 32-bit values are two 16-bit words, most significant first, whatever the byte order.
  return {
    headerSize: 26,
    align: 2,
    dev: u16(2),
    ino: u16(4),
    mode: u16(6),
    nlink: u16(12),
    nameSize: u16(20),
    fileSize: u16(22) * 65536 + u16(24),
    hardLinksAtEnd: false,
  };
}

/** Fixed-width ASCII number in `radix`; NaN when any character is not a digit. */
function num(text: string, radix: 8 | 16, width: number): number {
  // Sample hex field `000081a4`, octal field `100644`.
  const pattern = radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-7]+$/;
  if (text.length !== width || !pattern.test(text)) return Number.NaN;
  return Number.parseInt(text, radix);
}
