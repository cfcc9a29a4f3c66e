// What an .xz or .lzma stream will decode to, read from its headers before any
// decoder sees it: a native decoder has no output cap, so a small hostile block
// could otherwise expand to gigabytes, or claim a huge dictionary.
// LZMA2 chunk headers sit outside the range coder, so walking them gives the exact
// output length of an .xz block without decoding it.
import { FormatError } from '../types.ts';
import { LZMA2_FILTER, lzma2DictionarySize, xzVarint } from './xz-headers.ts';

const XZ_MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);
const STREAM_HEADER = 12;
/** Check field bytes by check id (xz format 2.1.1.2). */
const CHECK_BYTES = [0, 4, 4, 4, 8, 8, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64];

function bad(why: string): FormatError {
  return new FormatError('corrupt', why);
}

/** Largest dictionary of the block's LZMA2 filter; the header's filters are checked on the way. */
function blockHeader(buf: Buffer, at: number): { dict: number; next: number } {
  const size = ((buf[at] ?? 0) + 1) * 4;
  if (at + size > buf.length) throw bad('xz: block header runs past the data');
  const flags = buf[at + 1] ?? 0;
  let p = at + 2;
  if (flags & 0x40) p = xzVarint(buf, p).next;
  if (flags & 0x80) p = xzVarint(buf, p).next;
  let dict = -1;
  for (let f = 0; f <= (flags & 3); f++) {
    const id = xzVarint(buf, p);
    const props = xzVarint(buf, id.next);
    if (props.next + props.value > at + size) throw bad('xz: filter properties run past the block header');
    if (id.value === LZMA2_FILTER) dict = lzma2DictionarySize(buf[props.next] ?? 0xff);
    p = props.next + props.value;
  }
  if (dict < 0) throw bad('xz: block without an LZMA2 filter');
  return { dict, next: at + size };
}

/** Walks LZMA2 chunk headers from `at`; returns the output length and where the data ends. */
function lzma2Extent(buf: Buffer, at: number): { bytes: number; next: number } {
  let bytes = 0;
  let p = at;
  for (;;) {
    const control = buf[p];
    if (control === undefined) throw new FormatError('truncated', 'xz: LZMA2 data ends without its end marker');
    if (control === 0) return { bytes, next: p + 1 };
    if (p + 3 > buf.length) throw new FormatError('truncated', 'xz: LZMA2 chunk header cut short');
    const low = buf.readUInt16BE(p + 1) + 1;
    if (control === 1 || control === 2) {
      bytes += low;
      p += 3 + low;
    } else if (control >= 0x80) {
      if (p + 5 > buf.length) throw new FormatError('truncated', 'xz: LZMA2 chunk header cut short');
      bytes += (control & 0x1f) * 0x10000 + low;
      p += 5 + (control >= 0xc0 ? 1 : 0) + buf.readUInt16BE(p + 3) + 1;
    } else {
      throw bad(`xz: LZMA2 control byte ${control}`);
    }
  }
}

/**
 * Output length and largest dictionary of a whole .xz stream (every block), read
 * from its headers alone.
 */
export function xzExtent(buf: Buffer): { bytes: number; dict: number } {
  if (buf.length < STREAM_HEADER || !buf.subarray(0, 6).equals(XZ_MAGIC)) throw bad('xz: no stream header');
  const check = CHECK_BYTES[(buf[7] ?? 0) & 0x0f] ?? 0;
  let at = STREAM_HEADER;
  let bytes = 0;
  let dict = 0;
  // An index indicator (0x00) ends the blocks.
  while (at < buf.length && buf[at] !== 0) {
    const header = blockHeader(buf, at);
    const data = lzma2Extent(buf, header.next);
    bytes += data.bytes;
    dict = Math.max(dict, header.dict);
    const padded = header.next + Math.ceil((data.next - header.next) / 4) * 4;
    at = padded + check;
  }
  if (at >= buf.length) throw new FormatError('truncated', 'xz: stream ends before its index');
  return { bytes, dict };
}

/** Output length (undefined: unknown, end marker) and dictionary of an .lzma (LZMA-alone) header. */
export function lzmaAloneExtent(buf: Buffer): { bytes: number | undefined; dict: number } {
  if (buf.length < 13) throw new FormatError('truncated', 'lzma: header cut short');
  if ((buf[0] ?? 0xff) >= 9 * 5 * 5) throw bad(`lzma: properties byte ${buf[0]}`);
  const size = buf.readBigUInt64LE(5);
  return { bytes: size === 0xffffffffffffffffn ? undefined : Number(size), dict: buf.readUInt32LE(1) };
}
