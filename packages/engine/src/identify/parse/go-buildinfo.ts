// Go's build information blob (the `.go.buildinfo` section; Go's debug/buildinfo):
// a 32-byte header at a 16-aligned offset, magic `\xff Go buildinf:`, pointer size
// at byte 14, flags at 15 (bit 0 big-endian, bit 1 strings inline). Go 1.18+:
// two varint-prefixed strings follow the header (Go version, module info). Before
// 1.18: two pointers at 16 and 16+ptrSize to Go string headers {data, len} in
// virtual memory, resolved here through ELF PT_LOAD segments.
import type { CatalogFile } from '../types.ts';

export const BUILDINFO_MAGIC = Buffer.from('\xff Go buildinf:', 'latin1');
const HEADER = 32;
const CHUNK = 1024 * 1024;
/** Module info of a large program is tens of kilobytes; refuse absurd lengths. */
const MAX_STRING = 4 * 1024 * 1024;

export interface BuildInfo {
  goVersion: string;
  modInfo: string;
  offset: number;
}

/** The first build info blob in the file; a string when it is absent or unreadable. */
export async function readBuildInfo(file: CatalogFile): Promise<BuildInfo | string> {
  const offset = await findMagic(file);
  if (offset < 0) return 'no Go build info';
  // Inline strings follow the header; module info beyond a chunk is reported truncated.
  const head = await file.readRange(offset, CHUNK);
  if (head.length < HEADER) return 'truncated Go build info header';
  const ptrSize = head[14] ?? 0;
  const flags = head[15] ?? 0;
  const bigEndian = (flags & 1) !== 0;
  if (flags & 2) {
    const version = readVarString(head, HEADER);
    const mod = version ? readVarString(head, version.end) : undefined;
    if (!version || !mod) return 'truncated Go build info strings';
    return { goVersion: version.text, modInfo: stripSentinels(mod.text), offset };
  }
  if (ptrSize !== 4 && ptrSize !== 8) return `bad pointer size ${ptrSize} in Go build info`;
  const read = (buf: Buffer, at: number): number => readPointer(buf, at, ptrSize, bigEndian);
  const segments = await elfSegments(file);
  if (typeof segments === 'string') return segments;
  const goString = async (va: number): Promise<string | undefined> => {
    const header = await readVirtual(file, segments, va, 2 * ptrSize);
    if (!header || header.length < 2 * ptrSize) return undefined;
    const len = read(header, ptrSize);
    if (len > MAX_STRING) return undefined;
    return (await readVirtual(file, segments, read(header, 0), len))?.toString('utf8');
  };
  const goVersion = await goString(read(head, 16));
  const modInfo = await goString(read(head, 16 + ptrSize));
  if (goVersion === undefined || modInfo === undefined) return 'Go build info pointers lead outside the file';
  return { goVersion, modInfo: stripSentinels(modInfo), offset };
}

async function findMagic(file: CatalogFile): Promise<number> {
  // Chunks overlap by the magic's length so that a magic across a boundary is seen.
  for (let start = 0; start < file.size; start += CHUNK - 16) {
    const buf = await file.readRange(start, CHUNK);
    for (let at = buf.indexOf(BUILDINFO_MAGIC); at >= 0; at = buf.indexOf(BUILDINFO_MAGIC, at + 1)) {
      if ((start + at) % 16 === 0) return start + at;
    }
    if (buf.length < CHUNK) break;
  }
  return -1;
}

function readVarString(buf: Buffer, at: number): { text: string; end: number } | undefined {
  let len = 0;
  let shift = 0;
  let pos = at;
  for (;;) {
    if (pos >= buf.length || shift > 28) return undefined;
    const byte = buf[pos++] ?? 0;
    len += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) break;
  }
  if (pos + len > buf.length) return undefined;
  return { text: buf.toString('utf8', pos, pos + len), end: pos + len };
}

/** Module info is wrapped in two 16-byte sentinels (cmd/go's modinfo start/end markers). */
function stripSentinels(info: string): string {
  return info.length >= 33 && info[info.length - 17] === '\n' ? info.slice(16, -16) : info;
}

function readPointer(buf: Buffer, at: number, size: number, bigEndian: boolean): number {
  if (size === 4) return bigEndian ? buf.readUInt32BE(at) : buf.readUInt32LE(at);
  return Number(bigEndian ? buf.readBigUInt64BE(at) : buf.readBigUInt64LE(at));
}

interface Segment {
  vaddr: number;
  offset: number;
  filesz: number;
}

/** PT_LOAD segments of an ELF file (the only format with the pre-1.18 pointer form handled). */
async function elfSegments(file: CatalogFile): Promise<Segment[] | string> {
  const ident = await file.readRange(0, 64);
  if (ident.length < 52 || ident.readUInt32BE(0) !== 0x7f454c46) return 'pre-1.18 Go build info outside ELF is not supported';
  const is64 = ident[4] === 2;
  const le = ident[5] === 1;
  const u16 = (b: Buffer, at: number): number => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number): number => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const word = (b: Buffer, at: number): number => (is64 ? Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at)) : u32(b, at));
  const phoff = word(ident, is64 ? 32 : 28);
  const phentsize = u16(ident, is64 ? 54 : 42);
  const phnum = Math.min(u16(ident, is64 ? 56 : 44), 256);
  const table = await file.readRange(phoff, phentsize * phnum);
  const out: Segment[] = [];
  for (let i = 0; i < phnum && (i + 1) * phentsize <= table.length; i++) {
    const p = i * phentsize;
    if (u32(table, p) !== 1) continue; // PT_LOAD
    out.push(is64 ? { offset: word(table, p + 8), vaddr: word(table, p + 16), filesz: word(table, p + 32) } : { offset: u32(table, p + 4), vaddr: u32(table, p + 8), filesz: u32(table, p + 16) });
  }
  return out;
}

async function readVirtual(file: CatalogFile, segments: Segment[], va: number, length: number): Promise<Buffer | undefined> {
  const segment = segments.find((s) => va >= s.vaddr && va + length <= s.vaddr + s.filesz);
  return segment ? file.readRange(segment.offset + (va - segment.vaddr), length) : undefined;
}
