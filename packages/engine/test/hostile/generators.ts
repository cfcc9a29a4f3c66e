// Hostile archives, made in memory at test time (nothing committed): path traversal and
// odd member names, in tar, zip, cpio (newc) and ar, each format where it can say it.
// Names are given as bytes where a format stores bytes (invalid UTF-8, NUL); the test
// builders take strings, so such names are written as a placeholder of the same length
// and patched afterwards (`patchName`).
import { buildAr } from '../builders/ar.ts';
import { buildTar, paxRecord, type TarEntry } from '../builders/tar.ts';
import { buildZip, type ZipEntry } from '../builders/zip.ts';

export type Format = 'tar' | 'zip' | 'cpio' | 'ar';
export const FORMATS: readonly Format[] = ['tar', 'zip', 'cpio', 'ar'];

/** One member of a hostile archive. */
export interface Member {
  name: string | Buffer;
  data?: string;
  link?: { kind: 'symlink' | 'hardlink'; target: string };
}

/**
 * Escapes tried in every format that can hold them; `box` is the directory around the
 * scan's work dir, so an absolute name that got written would land where the test looks.
 */
export function traversalMembers(box: string): Record<string, Member[]> {
  return {
    'dotdot': [{ name: '../escaped-dotdot', data: 'x' }],
    'inner-dotdot': [{ name: 'a/../../escaped-inner', data: 'x' }],
    'absolute': [{ name: `${box}/escaped-absolute`, data: 'x' }],
    'windows': [{ name: '..\\escaped-backslash', data: 'x' }, { name: 'C:\\escaped-drive', data: 'x' }],
    'symlink-then-file': [{ name: 'lnk', link: { kind: 'symlink', target: box } }, { name: 'lnk/escaped-through-link', data: 'x' }],
    'symlink-dotdot-then-file': [{ name: 'up', link: { kind: 'symlink', target: '../..' } }, { name: 'up/escaped-through-up', data: 'x' }],
    'hardlink-outside': [{ name: 'hl', link: { kind: 'hardlink', target: '../../../etc/passwd' } }, { name: 'hl-abs', link: { kind: 'hardlink', target: '/etc/shadow' } }],
  };
}

/** Which traversal cases a format can express: ar has no links or directories, zip and cpio no hard link by name. */
export function canHold(format: Format, members: Member[]): boolean {
  if (format === 'ar') return members.every((m) => m.link === undefined);
  if (format === 'zip' || format === 'cpio') return members.every((m) => m.link?.kind !== 'hardlink');
  return true;
}

/** Odd names, one archive per format; each member holds its own index as data. */
export function oddNameMembers(format: Format): Member[] {
  const names: (string | Buffer)[] = [
    'new\nline',
    '\x1b[31mred\x1b[0m\x1b]0;title\x07',
    'tab\there',
    Buffer.from([0x62, 0x61, 0x64, 0xff, 0xfe, 0x2e, 0x74]), // invalid UTF-8: `bad\xff\xfe.t`
    Buffer.from([0x73, 0xed, 0xa0, 0x80, 0x2e, 0x74]), // a lone surrogate in CESU-8: `s\xed\xa0\x80.t`
    `${'long-'.repeat(799)}name`, // 4,000 bytes
    'README',
    'readme',
    'caf\u00e9', // NFC
    'cafe\u0301', // NFD
    '.',
    '..',
    '',
    'evil\u202etxt.exe',
  ];
  // NUL: tar keeps it in a PAX path, zip in the name; cpio and ar end names at it.
  if (format === 'tar' || format === 'zip') names.push(Buffer.from('nul\0byte', 'latin1'));
  return names.map((name, i) => ({ name, data: String(i) }));
}

/** The archive of `members` in `format`. */
export function buildArchive(format: Format, members: Member[]): Buffer {
  const patches: [Buffer, Buffer][] = [];
  const named = members.map((m, i): Named => {
    if (typeof m.name === 'string') return { ...m, name: m.name, pax: m.name.length > 100 };
    const placeholder = placeholderFor(i, m.name.length);
    patches.push([Buffer.from(placeholder, 'latin1'), m.name]);
    // A tar header name ends at its first NUL: such a name needs a PAX path to survive.
    return { ...m, name: placeholder, pax: m.name.includes(0) };
  });
  let bytes = format === 'tar' ? tarOf(named) : format === 'zip' ? zipOf(named) : format === 'cpio' ? cpioOf(named) : arOf(named);
  for (const [from, to] of patches) bytes = patchName(bytes, from, to);
  return format === 'tar' ? fixTarChecksums(bytes) : bytes;
}

/** A member whose name is a string (bytes replaced by their placeholder); `pax`: tar must use a PAX path. */
type Named = Omit<Member, 'name'> & { name: string; pax: boolean };

function placeholderFor(index: number, length: number): string {
  // Unique per member and long enough to appear nowhere else in the archive.
  return `~${index}~`.padEnd(length, 'Q').slice(0, length);
}

function tarOf(members: Named[]): Buffer {
  const entries: TarEntry[] = [];
  for (const m of members) {
    const type = m.link === undefined ? '0' : m.link.kind === 'symlink' ? '2' : '1';
    // Names over 100 bytes or with a NUL go in a PAX path record.
    if (m.pax || Buffer.byteLength(m.name) > 100) entries.push({ name: 'PaxHeaders/x', type: 'x', data: paxRecord('path', m.name) });
    entries.push({ name: m.name.slice(0, 100), type, data: m.data ?? '', ...(m.link ? { linkName: m.link.target } : {}) });
  }
  return buildTar(entries);
}

function zipOf(members: Named[]): Buffer {
  return buildZip(members.map((m): ZipEntry => (m.link ? { name: m.name, data: m.link.target, method: 0, unixMode: 0o120777 } : { name: m.name, data: m.data ?? '', method: 0 })));
}

/** ar writes names as latin1: give it the UTF-8 bytes as latin1 characters. */
function arOf(members: Named[]): Buffer {
  return buildAr(members.map((m) => ({ name: Buffer.from(m.name, 'utf8').toString('latin1'), data: m.data ?? '' })));
}

/** cpio "newc" (`070701`): 13 eight-digit hex fields, the name with its NUL, data, each padded to 4. */
function cpioOf(members: Named[]): Buffer {
  const parts: Buffer[] = [];
  const entry = (name: string, mode: number, data: Buffer, ino: number): void => {
    const nameBytes = Buffer.from(`${name}\0`, 'latin1');
    const fields = [ino, mode, 0, 0, 1, 1700000000, data.length, 0, 0, 0, 0, nameBytes.length, 0];
    const header = Buffer.from(`070701${fields.map((f) => f.toString(16).padStart(8, '0')).join('')}`, 'latin1');
    parts.push(header, nameBytes, Buffer.alloc((4 - ((header.length + nameBytes.length) % 4)) % 4), data, Buffer.alloc((4 - (data.length % 4)) % 4));
  };
  members.forEach((m, i) => {
    const name = Buffer.from(m.name, 'utf8').toString('latin1');
    if (m.link) entry(name, 0o120777, Buffer.from(m.link.target), i + 1);
    else entry(name, 0o100644, Buffer.from(m.data ?? ''), i + 1);
  });
  entry('TRAILER!!!', 0, Buffer.alloc(0), 0);
  return Buffer.concat(parts);
}

/** Every occurrence of `from` replaced by `to` (same length or not). */
function patchName(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  const parts: Buffer[] = [];
  let pos = 0;
  for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, pos)) {
    parts.push(bytes.subarray(pos, at), to);
    pos = at + from.length;
  }
  parts.push(bytes.subarray(pos));
  return Buffer.concat(parts);
}

/** Recomputes the checksum of every tar header (after names were patched), walking by the size fields. */
function fixTarChecksums(bytes: Buffer): Buffer {
  for (let pos = 0; pos + 512 <= bytes.length; ) {
    const header = bytes.subarray(pos, pos + 512);
    if (header.every((b) => b === 0)) break;
    header.fill(0x20, 148, 156);
    header.write(`${header.reduce((a, b) => a + b, 0).toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    const size = parseInt(header.toString('latin1', 124, 135), 8);
    pos += 512 + Math.ceil(size / 512) * 512;
  }
  return bytes;
}
