// Where an image keeps its metadata: JPEG APP1 segments (EXIF, XMP), PNG chunks (eXIf,
// tEXt/zTXt/iTXt incl. XMP and ImageMagick's hex "Raw profile type exif"), or a whole TIFF
// file. Walks are bounded by segment/chunk counts and lengths; a truncated file ends the
// walk with what was found.
import { inflateSync } from 'node:zlib';

export type ImageFormat = 'jpeg' | 'png' | 'tiff';

export interface MetadataBlock {
  /** `exif` = TIFF structure, `xmp` = XMP packet text, `text` = a PNG text chunk. */
  type: 'exif' | 'xmp' | 'text';
  /** Where the block sits in the file. */
  offset: number;
  /** Container element it came from: `APP1`, `eXIf`, `tEXt`, `IFD0`... */
  from: string;
  data: Buffer;
  /** PNG text chunks: the keyword. */
  keyword?: string;
}

const MAX_BLOCKS = 10_000;
/** Compressed PNG text is inflated to at most this much. */
const MAX_INFLATED = 1024 * 1024;
const JPEG_EXIF = Buffer.from('Exif\0\0', 'latin1');
const JPEG_XMP = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function imageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  const head = bytes.toString('latin1', 0, 4);
  if (head === 'II*\0' || head === 'MM\0*') return 'tiff';
  return undefined;
}

export function metadataBlocks(bytes: Buffer, format: ImageFormat): MetadataBlock[] {
  if (format === 'jpeg') return jpegBlocks(bytes);
  if (format === 'png') return pngBlocks(bytes);
  return [{ type: 'exif', offset: 0, from: 'IFD0', data: bytes }];
}

/** Segments FF xx + 16-bit big-endian length, up to the start of scan (FFDA) or the end of image. */
function jpegBlocks(bytes: Buffer): MetadataBlock[] {
  const blocks: MetadataBlock[] = [];
  let at = 2;
  for (let n = 0; n < MAX_BLOCKS && at + 4 <= bytes.length; n++) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) break;
    const data = bytes.subarray(at + 4, Math.min(bytes.length, at + 2 + length));
    if (marker === 0xe1 && data.subarray(0, JPEG_EXIF.length).equals(JPEG_EXIF)) blocks.push({ type: 'exif', offset: at, from: 'APP1', data: data.subarray(JPEG_EXIF.length) });
    else if (marker === 0xe1 && data.subarray(0, JPEG_XMP.length).equals(JPEG_XMP)) blocks.push({ type: 'xmp', offset: at, from: 'APP1', data: data.subarray(JPEG_XMP.length) });
    at += 2 + length;
  }
  return blocks;
}

/** Chunks: 32-bit big-endian length, type, data, CRC (not checked: metadata is read as found). */
function pngBlocks(bytes: Buffer): MetadataBlock[] {
  const blocks: MetadataBlock[] = [];
  let at = 8;
  for (let n = 0; n < MAX_BLOCKS && at + 8 <= bytes.length; n++) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length));
    if (type === 'IEND') break;
    if (type === 'eXIf') blocks.push({ type: 'exif', offset: at, from: type, data });
    else if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const block = pngText(type, data, at);
      if (block) blocks.push(block);
    }
    at += 12 + length;
  }
  return blocks;
}

function pngText(type: string, data: Buffer, offset: number): MetadataBlock | undefined {
  const nul = data.indexOf(0);
  if (nul < 1 || nul > 79) return undefined;
  const keyword = data.toString('latin1', 0, nul);
  let text: Buffer | undefined;
  if (type === 'tEXt') text = data.subarray(nul + 1);
  else if (type === 'zTXt') text = inflate(data.subarray(nul + 2));
  else {
    // iTXt: keyword \0 compression-flag method language \0 translated-keyword \0 text
    const compressed = data[nul + 1] === 1;
    const language = data.indexOf(0, nul + 3);
    const translated = language < 0 ? -1 : data.indexOf(0, language + 1);
    if (translated < 0) return undefined;
    const raw = data.subarray(translated + 1);
    text = compressed ? inflate(raw) : raw;
  }
  if (!text) return undefined;
  if (keyword === 'XML:com.adobe.xmp') return { type: 'xmp', offset, from: type, data: text };
  if (/^Raw profile type (exif|APP1)$/.test(keyword)) {
    const exif = rawProfile(text);
    return exif ? { type: 'exif', offset, from: type, data: exif } : undefined;
  }
  return { type: 'text', offset, from: type, data: text, keyword };
}

function inflate(data: Buffer): Buffer | undefined {
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED });
  } catch {
    return undefined;
  }
}

/** ImageMagick's "\nexif\n    1234\n4578696600004d4d..." → the TIFF structure after "Exif\0\0". */
function rawProfile(text: Buffer): Buffer | undefined {
  const [, length = '', ...hex] = text.toString('latin1').trim().split(/\s+/);
  if (!/^\d+$/.test(length) || hex.length === 0 || !hex.every((line) => /^[0-9a-fA-F]+$/.test(line))) return undefined;
  const bytes = Buffer.from(hex.join(''), 'hex');
  return bytes.subarray(0, JPEG_EXIF.length).equals(JPEG_EXIF) ? bytes.subarray(JPEG_EXIF.length) : bytes;
}
