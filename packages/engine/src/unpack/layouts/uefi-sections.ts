// The sections of a UEFI FFS file (PI spec vol. 3, ch. 2.2): a 4-byte header
// (24-bit size, type; size 0xFFFFFF → 32-bit extended size after it), 4-byte
// aligned. Encapsulations are opened in place: compression sections (type 0
// stored; EFI compression reported unsupported) and GUID-defined ones (LZMA
// custom decompress, CRC32, any that does not require processing). Leaf
// sections become outputs named by kind; the UI section names the file.
import { FormatError } from '../types.ts';
import { LzmaDecoder, parsePropsByte } from '../codecs/lzma.ts';

/** Encapsulations inside encapsulations: real images nest two or three deep. */
const MAX_DEPTH = 8;
/** Decompressed sections are held in memory while read: this much per FFS file, all levels together. */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;
const MAX_OUTPUTS = 4096;

const LZMA_GUID = 'ee4e5898-3914-4259-9d6e-dc7bd79403cf';
const CRC32_GUID = 'fc1bcdb0-7d31-49aa-936a-a4600d9dd083';
/** GUID-defined attribute: the data cannot be read without the GUID's processing. */
const PROCESSING_REQUIRED = 0x01;

/** Leaf section types → file extension; types absent here (depex, version, UI) are metadata. */
const LEAF_EXTENSIONS: Record<number, string> = {
  0x10: 'efi', // PE32
  0x11: 'pic',
  0x12: 'te',
  0x16: 'bin16', // compatibility16 (legacy BIOS)
  0x17: 'fv', // firmware volume image, unpacked in the next round
  0x18: 'bin', // freeform subtype GUID (after its GUID)
  0x19: 'raw',
};
const METADATA = new Set([0x03, 0x13, 0x14, 0x1b, 0x1c]);

export interface SectionOutput {
  extension: string;
  data: Buffer;
  /** Bytes this output was decoded from, when it came out of a compressed section. */
  compressedSize?: number;
}

export interface SectionProblem {
  code: string;
  message: string;
}

export interface ParsedSections {
  outputs: SectionOutput[];
  uiName?: string;
  problems: SectionProblem[];
  /** Bytes decompressed so far, against MAX_DECODED_BYTES. */
  decoded: number;
}

/** `GUID` bytes as written (mixed endian) → canonical lower-case text. */
export function guidText(bytes: Buffer): string {
  const hex = (b: Buffer): string => b.toString('hex');
  const le = (at: number, n: number): string => hex(Buffer.from(bytes.subarray(at, at + n)).reverse());
  return `${le(0, 4)}-${le(4, 2)}-${le(6, 2)}-${hex(bytes.subarray(8, 10))}-${hex(bytes.subarray(10, 16))}`;
}

export function parseSections(data: Buffer): ParsedSections {
  const parsed: ParsedSections = { outputs: [], problems: [], decoded: 0 };
  walk(data, 0, parsed, undefined);
  return parsed;
}

function walk(data: Buffer, depth: number, parsed: ParsedSections, compressedSize: number | undefined): void {
  if (depth > MAX_DEPTH) {
    parsed.problems.push({ code: 'malformed', message: `sections nested more than ${MAX_DEPTH} deep` });
    return;
  }
  for (let at = 0; at + 4 <= data.length; at += (4 - (at % 4)) % 4) {
    let size = data.readUIntLE(at, 3);
    const type = data[at + 3] ?? 0;
    let header = 4;
    if (size === 0xffffff) {
      if (at + 8 > data.length) break;
      size = data.readUInt32LE(at + 4);
      header = 8;
    }
    if (size < header || at + size > data.length) {
      parsed.problems.push({ code: 'truncated', message: `section of type 0x${type.toString(16)} at ${at} claims ${size} bytes, ${data.length - at} remain` });
      return;
    }
    section(data.subarray(at, at + size), header, type, depth, parsed, compressedSize);
    if (parsed.outputs.length >= MAX_OUTPUTS) return;
    at += size;
  }
}

function section(bytes: Buffer, header: number, type: number, depth: number, parsed: ParsedSections, compressedSize: number | undefined): void {
  const body = bytes.subarray(header);
  if (type === 0x01) return compression(body, depth, parsed);
  if (type === 0x02) return guidDefined(bytes, header, depth, parsed);
  if (type === 0x15) {
    // UTF-16LE, NUL-terminated; names stay short.
    const name = body.subarray(0, 512).toString('utf16le').replace(/\0.*$/s, '');
    if (parsed.uiName === undefined && name !== '') parsed.uiName = name;
    return;
  }
  if (METADATA.has(type)) return;
  const extension = LEAF_EXTENSIONS[type] ?? `section-${type.toString(16).padStart(2, '0')}`;
  const data = type === 0x18 ? body.subarray(16) : body;
  parsed.outputs.push(compressedSize === undefined ? { extension, data } : { extension, data, compressedSize });
}

/** EFI_COMPRESSION_SECTION: uncompressed length, compression type (0 none, 1 EFI). */
function compression(body: Buffer, depth: number, parsed: ParsedSections): void {
  if (body.length < 5) {
    parsed.problems.push({ code: 'truncated', message: 'compression section header cut short' });
    return;
  }
  const kind = body[4];
  if (kind === 0) return walk(body.subarray(5), depth + 1, parsed, undefined);
  parsed.problems.push({ code: 'unsupported', message: `EFI/Tiano-compressed section (type ${kind}) not decoded` });
  parsed.outputs.push({ extension: 'efi-compressed', data: body.subarray(5) });
}

/** EFI_GUID_DEFINED_SECTION: GUID, data offset (from the section's start), attributes. */
function guidDefined(bytes: Buffer, header: number, depth: number, parsed: ParsedSections): void {
  if (bytes.length < header + 20) {
    parsed.problems.push({ code: 'truncated', message: 'GUID-defined section header cut short' });
    return;
  }
  const guid = guidText(bytes.subarray(header, header + 16));
  const dataOffset = bytes.readUInt16LE(header + 16);
  const attributes = bytes.readUInt16LE(header + 18);
  if (dataOffset < header + 20 || dataOffset > bytes.length) {
    parsed.problems.push({ code: 'malformed', message: `GUID-defined section ${guid} data offset ${dataOffset} out of range` });
    return;
  }
  const payload = bytes.subarray(dataOffset);
  if (guid === LZMA_GUID) {
    try {
      const decoded = decodeLzma(payload, MAX_DECODED_BYTES - parsed.decoded);
      parsed.decoded += decoded.length;
      walk(decoded, depth + 1, parsed, payload.length);
    } catch (err) {
      if (!(err instanceof FormatError)) throw err;
      parsed.problems.push({ code: err.code, message: `LZMA section: ${err.message}` });
    }
    return;
  }
  if (guid === CRC32_GUID || (attributes & PROCESSING_REQUIRED) === 0) return walk(payload, depth + 1, parsed, undefined);
  parsed.problems.push({ code: 'unsupported', message: `GUID-defined section ${guid} (Tiano, Brotli or vendor) not decoded` });
  parsed.outputs.push({ extension: `guided-${guid}`, data: payload });
}

/** EDK2's LZMA custom decompress: an .lzma-alone stream (props, dictionary, 64-bit size). */
function decodeLzma(input: Buffer, budget: number): Buffer {
  if (input.length < 13) throw new FormatError('truncated', 'LZMA header cut short');
  const props = parsePropsByte(input[0] ?? 255);
  if (props === undefined) throw new FormatError('corrupt', 'bad LZMA properties byte');
  const dictSize = input.readUInt32LE(1);
  const low = input.readUInt32LE(5);
  const high = input.readUInt32LE(9);
  const size = low === 0xffffffff && high === 0xffffffff ? -1 : high * 2 ** 32 + low;
  if (size > budget) throw new FormatError('limit-exceeded', `LZMA section of ${size} bytes is over the ${MAX_DECODED_BYTES}-byte budget of its file`);
  const window = Math.min(Math.max(dictSize, 4096), size >= 0 ? Math.max(size, 4096) : Math.max(budget, 4096));
  const decoder = new LzmaDecoder({ ...props, dictSize }, size, window);
  decoder.input = input.subarray(13);
  decoder.inPos = 0;
  const parts: Buffer[] = [];
  let total = 0;
  while (!decoder.finished) {
    const before = decoder.inPos;
    decoder.run(0);
    const out = decoder.takeOutput();
    total += out.length;
    if (total > budget) throw new FormatError('limit-exceeded', `LZMA sections of one file decode to more than ${MAX_DECODED_BYTES} bytes`);
    parts.push(out);
    if (!decoder.finished && out.length === 0 && decoder.inPos === before) throw new FormatError('truncated', 'LZMA section ends early');
  }
  return Buffer.concat(parts);
}
