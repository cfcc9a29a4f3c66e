// UEFI firmware volumes (PI spec vol. 3): `_FVH` at offset 40 of a header whose
// 16-bit words sum to zero; FvLength gives the real extent (so volumes in a flash
// dump are carved). FFS files follow the header (or the extended header), 8-byte
// aligned: GUID, header checksum, type, attributes, 24-bit size (64-bit for FFS3
// large files), state. Each file's leaf sections become members named by the
// file's UI section or, without one, its GUID: `SetNull.efi`, `<guid>.raw`,
// nested volumes `<name>.fv` (unpacked in the next round). Pad files and free
// space (erased bytes) are skipped.
import { Readable } from 'node:stream';
import { MAX_READ, type Reader } from '../../../util/reader.ts';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { guidText, parseSections, type SectionOutput } from '../../layouts/uefi-sections.ts';

const SIGNATURE = Buffer.from('_FVH', 'latin1');
/** File system GUIDs of volumes that hold FFS files (FFS2, FFS3); others are variable stores and the like. */
const FFS_FILE_SYSTEMS = new Set(['8c8ce578-8a3d-4f1c-9935-896185c32dd3', '5473c07a-3dcb-4dca-bd6f-1e9689e7349a']);
const MIN_HEADER = 56 + 8; // fixed fields + the block map's terminating entry
const FILE_HEADER = 24;
const LARGE_FILE_HEADER = 32;
const ERASE_POLARITY = 0x800;
const FFS_ATTRIB_LARGE_FILE = 0x01;
const FILE_DELETED = 0x20;
const TYPE_RAW = 0x01;
const TYPE_PAD = 0xf0;
/** Volumes hold a few hundred files; more than this is a loop or an attack. */
const MAX_FILES = 20_000;

export const uefiVolume: Unpacker = {
  name: 'firmware/uefi-volume',
  version: 1,
  magic: [{ offset: 40, bytes: SIGNATURE }],
  async identify(head, reader) {
    const header = await volumeHeader(head, reader);
    if (header === null) return null;
    return { start: 0, end: Math.min(header.length, reader.size) };
  },
  async extract(ctx) {
    const base = ctx.chunk.start;
    const head = await ctx.reader.read(base, 512);
    const header = await volumeHeader(head, { size: ctx.chunk.end - base, read: (offset, length) => ctx.reader.read(base + offset, length) });
    if (header === null) throw new FormatError('malformed', 'not a firmware volume header', ctx.location);
    if (header.length > ctx.chunk.end - ctx.chunk.start) {
      ctx.report({ level: 'warning', location: ctx.location, code: 'truncated', message: `volume of ${header.length} bytes, only ${ctx.chunk.end - ctx.chunk.start} present` });
    }
    const fileSystem = guidText(head.subarray(16, 32));
    if (FFS_FILE_SYSTEMS.has(fileSystem)) {
      await extractFiles(ctx, header);
      return;
    }
    // An NV variable store or a vendor layout: its body is kept whole for the analysers.
    const end = Math.min(base + header.length, ctx.chunk.end);
    ctx.report({ level: 'info', location: ctx.location, code: 'unsupported', message: `volume file system ${fileSystem} holds no FFS files; body kept as ${fileSystem}.bin` });
    await ctx.sink.file(`${fileSystem}.bin`, () => ctx.reader.stream(base + header.filesStart, end), {}, ctx.signal);
  },
};

interface VolumeHeader {
  length: number;
  filesStart: number;
  erased: number;
}

async function volumeHeader(head: Buffer, reader: Pick<Reader, 'size' | 'read'>): Promise<VolumeHeader | null> {
  if (head.length < MIN_HEADER || !head.subarray(40, 44).equals(SIGNATURE)) return null;
  const length = Number(head.readBigUInt64LE(32));
  const headerLength = head.readUInt16LE(48);
  if (headerLength < MIN_HEADER || headerLength % 2 !== 0 || headerLength > head.length || length < headerLength) return null;
  let sum = 0;
  for (let i = 0; i < headerLength; i += 2) sum = (sum + head.readUInt16LE(i)) & 0xffff;
  if (sum !== 0) return null;
  let filesStart = headerLength;
  const extOffset = head.readUInt16LE(52);
  if (extOffset !== 0) {
    // Extended header: volume name GUID, then its own size.
    const ext = await reader.read(extOffset, 20);
    if (ext.length < 20) return null;
    filesStart = extOffset + ext.readUInt32LE(16);
  }
  const erased = head.readUInt32LE(44) & ERASE_POLARITY ? 0xff : 0x00;
  return { length, filesStart: align(filesStart, 8), erased };
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

async function extractFiles(ctx: ExtractContext, header: VolumeHeader): Promise<void> {
  const base = ctx.chunk.start;
  const end = Math.min(header.length, ctx.chunk.end - base);
  const used = new Set<string>();
  let count = 0;
  for (let at = header.filesStart; at + FILE_HEADER <= end && count < MAX_FILES; at = align(at, 8), count++) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const fileHeader = await ctx.reader.read(base + at, LARGE_FILE_HEADER);
    if (fileHeader.subarray(0, FILE_HEADER).every((b) => b === header.erased)) return; // free space
    const attributes = fileHeader[19] ?? 0;
    const large = (attributes & FFS_ATTRIB_LARGE_FILE) !== 0 && fileHeader.length >= LARGE_FILE_HEADER;
    const headerSize = large ? LARGE_FILE_HEADER : FILE_HEADER;
    const size = large ? Number(fileHeader.readBigUInt64LE(24)) : fileHeader.readUIntLE(20, 3);
    const guid = guidText(fileHeader.subarray(0, 16));
    if (size < headerSize || at + size > end) {
      throw new FormatError('truncated', `FFS file ${guid} at ${at} claims ${size} bytes, the volume has ${end - at} left`, ctx.location);
    }
    if (!headerChecksumOk(fileHeader.subarray(0, headerSize))) {
      ctx.report({ level: 'warning', location: [...ctx.location, guid], code: 'checksum-mismatch', message: `FFS file header checksum of ${guid} does not sum to zero` });
    }
    const type = fileHeader[18] ?? 0;
    const state = header.erased === 0xff ? ~(fileHeader[23] ?? 0) & 0xff : (fileHeader[23] ?? 0);
    if (type !== TYPE_PAD && (state & FILE_DELETED) === 0) await extractFile(ctx, base + at + headerSize, size - headerSize, guid, type, used);
    at += size;
  }
}

/** The 8-bit sum of the header is zero when the state and file-checksum bytes count as 0. */
function headerChecksumOk(header: Buffer): boolean {
  let sum = 0;
  header.forEach((b, i) => {
    if (i !== 17 && i !== 23) sum = (sum + b) & 0xff;
  });
  return sum === 0;
}

async function extractFile(ctx: ExtractContext, offset: number, size: number, guid: string, type: number, used: Set<string>): Promise<void> {
  // Sections are read from memory: a file larger than one bounded read is kept whole.
  if (type === TYPE_RAW || size > MAX_READ) {
    if (type !== TYPE_RAW) ctx.report({ level: 'warning', location: [...ctx.location, guid], code: 'unsupported', message: `FFS file of ${size} bytes kept whole, sections not read` });
    await ctx.sink.file(uniqueName(used, guid, guid, type === TYPE_RAW ? 'raw' : 'ffs'), () => ctx.reader.stream(offset, offset + size), {}, ctx.signal);
    return;
  }
  const data = await ctx.reader.read(offset, size);
  const parsed = parseSections(data);
  for (const problem of parsed.problems) ctx.report({ level: 'warning', location: [...ctx.location, guid], ...problem });
  for (const output of parsed.outputs) {
    if (ctx.sink.stopped) return;
    await put(ctx, uniqueName(used, parsed.uiName ?? guid, guid, output.extension), output);
  }
}

async function put(ctx: ExtractContext, name: string, output: SectionOutput): Promise<void> {
  const options = output.compressedSize === undefined ? {} : { compressedSize: output.compressedSize };
  await ctx.sink.file(name, () => Readable.from([output.data]), options, ctx.signal);
}

/** `<name>.<ext>`; a name taken already gets the file's GUID (unless it is the GUID), then a counter. */
function uniqueName(used: Set<string>, name: string, guid: string, extension: string): string {
  // A UI name is untrusted text: keep it one path element.
  const safe = name.replace(/[/\\\0]/g, '_').replace(/^\.+$/, '_');
  const candidates = safe === guid ? [`${safe}.${extension}`] : [`${safe}.${extension}`, `${safe}-${guid}.${extension}`];
  let chosen = candidates.find((c) => !used.has(c));
  const stem = safe === guid ? guid : `${safe}-${guid}`;
  for (let n = 2; chosen === undefined; n++) if (!used.has(`${stem}-${n}.${extension}`)) chosen = `${stem}-${n}.${extension}`;
  used.add(chosen);
  return chosen;
}
