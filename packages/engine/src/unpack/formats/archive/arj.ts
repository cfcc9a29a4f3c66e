// ARJ archives (Robert Jung's ARJ; the layout of arj's technote): a main header and one
// local header per file, each `60 EA`, a basic-header size (0 marks the end), the basic
// header and its CRC32, then extended headers (size-prefixed, 0 ends them), then the file's
// compressed bytes. identify walks the headers, CRCs checked, to find the archive's end;
// 7-Zip decodes the members (stored and methods 1-4).
import { crc32 } from 'node:zlib';
import type { Unpacker } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import { extractWith7z } from '../../seven-zip.ts';

/** arj's own limit on a basic header. */
const MAX_BASIC = 2600;
const MAX_ENTRIES = 65536;

export const arj: Unpacker = {
  name: 'archive/arj',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x60, 0xea]) }],
  async identify(head, reader) {
    if (head.length < 4 || head[0] !== 0x60 || head[1] !== 0xea) return null;
    const end = await archiveEnd(reader);
    return end === null ? null : { start: 0, end };
  },
  extract: (ctx) => extractWith7z(ctx, 'arj'),
};

/** Offset just past the end marker, or null when a header is not ARJ's (bad CRC, bad size). */
async function archiveEnd(reader: Reader): Promise<number | null> {
  let at = 0;
  for (let n = 0; n <= MAX_ENTRIES; n++) {
    const head = await reader.read(at, 4);
    if (head.length < 4 || head[0] !== 0x60 || head[1] !== 0xea) return null;
    const size = head.readUInt16LE(2);
    if (size === 0) return n > 0 ? at + 4 : null; // the end marker, after at least the main header
    if (size > MAX_BASIC) return null;
    const basic = await reader.read(at + 4, size + 4);
    if (basic.length < size + 4 || crc32(basic.subarray(0, size)) !== basic.readUInt32LE(size)) return null;
    // The main header (n = 0) must be of file type 2 ("comment header").
    if (n === 0 && basic[6] !== 2) return null;
    at += 4 + size + 4;
    for (let ext = 0; ext < 64; ext++) {
      const sizeBytes = await reader.read(at, 2);
      if (sizeBytes.length < 2) return null;
      const extSize = sizeBytes.readUInt16LE(0);
      at += 2;
      if (extSize === 0) break;
      at += extSize + 4;
    }
    // Compressed size sits at offset 12 of a local file's basic header.
    if (n > 0) at += basic.readUInt32LE(12);
    if (at > reader.size) return null;
  }
  return null;
}
