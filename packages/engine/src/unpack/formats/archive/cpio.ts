// cpio: SVR4 "newc" (070701) and "crc" (070702), POSIX "odc" (070707 ASCII) and
// the old binary format (0x71c7 in either byte order). Hard links of newc carry
// their data on the last link; earlier names are recorded as hard links to it.
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';
import { type CpioHeader, headerKind, parseCpioHeader } from '../../layouts/cpio-header.ts';

const TRAILER = 'TRAILER!!!';
const MAX_NAME = 64 * 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

export const cpio: Unpacker = {
  name: 'archive/cpio',
  version: 1,
  async identify(head, reader) {
    if (!headerKind(head)) return null;
    return { start: 0, end: reader.size };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  let pos = chunk.start;
  /** newc hard-link groups still waiting for the member that carries their data. */
  const pendingLinks = new Map<string, string[]>();
  while (pos < chunk.end && !sink.stopped) {
    signal.throwIfAborted();
    const head = await reader.read(pos, 110);
    const kind = headerKind(head);
    const cut = pos + head.length >= chunk.end && head.length < 110;
    if (!kind) throw new FormatError(cut ? 'truncated' : 'malformed', `no cpio header at ${pos}`, ctx.location);
    const h = parseCpioHeader(head, kind);
    if (!h) throw new FormatError(cut ? 'truncated' : 'malformed', `bad cpio header at ${pos}`, ctx.location);
    if (h.nameSize < 1 || h.nameSize > MAX_NAME) throw new FormatError('malformed', `cpio name size ${h.nameSize} at ${pos}`, ctx.location);
    const nameRaw = await reader.read(pos + h.headerSize, h.nameSize);
    if (nameRaw.length < h.nameSize) throw new FormatError('truncated', `cpio name at ${pos} cut short`, ctx.location);
    const name = nameRaw.toString('utf8', 0, h.nameSize - 1).replace(/\0+$/, '');
    const dataStart = pos + align(h.headerSize + h.nameSize, h.align);
    const next = dataStart + align(h.fileSize, h.align);
    if (name === TRAILER) return;
    await extractMember(ctx, h, name, dataStart, pendingLinks);
    pos = next;
  }
  if (pos >= chunk.end) {
    // Members with data are kept; a missing trailer means the archive was cut.
    throw new FormatError('truncated', 'cpio archive ends without its TRAILER!!! entry', ctx.location);
  }
}

async function extractMember(ctx: ExtractContext, h: CpioHeader, name: string, dataStart: number, pending: Map<string, string[]>): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  const type = h.mode & S_IFMT;
  const available = Math.max(0, Math.min(dataStart + h.fileSize, chunk.end) - dataStart);
  if (available < h.fileSize) {
    throw new FormatError('truncated', `member has ${available} of ${h.fileSize} bytes`, memberLocation(ctx.location, name));
  }
  if (type === S_IFLNK) {
    if (h.fileSize > 4096) throw new FormatError('malformed', `symlink target of ${h.fileSize} bytes`, memberLocation(ctx.location, name));
    sink.link(name, (await reader.read(dataStart, h.fileSize)).toString('utf8'), 'symlink');
    return;
  }
  if (type !== S_IFREG) return; // directories, devices, FIFOs, sockets hold no bytes
  const key = `${h.dev}:${h.ino}`;
  // newc stores a hard-linked file's data once, with the last of its names.
  if (h.hardLinksAtEnd && h.nlink > 1 && h.fileSize === 0) {
    pending.set(key, [...(pending.get(key) ?? []), name]);
    return;
  }
  await sink.file(name, () => reader.stream(dataStart, dataStart + h.fileSize), {}, signal);
  // Hard link targets are archive-root relative and normalised as member names are (`./usr/x` → `usr/x`).
  const target = memberLocation([], name)[0] ?? name;
  for (const earlier of pending.get(key) ?? []) sink.link(earlier, target, 'hardlink');
  pending.delete(key);
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}
