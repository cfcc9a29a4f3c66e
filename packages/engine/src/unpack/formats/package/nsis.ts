// Nullsoft (NSIS) installers: a Windows executable stub followed, where the PE
// image's sections end (its overlay, 512-byte aligned), by the "first header"
// (flags, 0xDEADBEEF, `NullsoftInst`, header length, length of everything from the
// first header on) and the compressed header + files (zlib, bzip2 or LZMA, solid
// or per file). 7-Zip reads the script's file list and writes members under their
// install paths (`$INSTDIR` removed, `$PLUGINSDIR/...` kept).
import type { Reader } from '../../../util/reader.ts';
import type { Unpacker } from '../../types.ts';
import { extractWith7z } from '../../seven-zip.ts';

const SIGNATURE = Buffer.from([0xef, 0xbe, 0xad, 0xde, ...Buffer.from('NullsoftInst', 'latin1')]);
const ALIGN = 512;
const FIRST_HEADER = 28;
/** The header may sit a few blocks after the last section (padding); no further. */
const SEARCH_BLOCKS = 16;
const MAX_SECTIONS = 96;

export const nsis: Unpacker = {
  name: 'package/nsis',
  version: 1,
  async identify(head, reader) {
    if (head.length < 64 || head.toString('latin1', 0, 2) !== 'MZ') return null;
    const at = await findFirstHeader(reader);
    if (at === null) return null;
    const header = await reader.read(at, FIRST_HEADER);
    const following = header.readUInt32LE(24);
    const end = at + following;
    return { start: 0, end: following >= FIRST_HEADER && end <= reader.size ? end : reader.size };
  },
  extract: (ctx) => extractWith7z(ctx, 'nsis'),
};

/** Offset of the first header: 4 bytes before the signature, in the first blocks of the PE overlay. */
async function findFirstHeader(reader: Reader): Promise<number | null> {
  const overlay = await overlayStart(reader);
  if (overlay === null) return null;
  const from = Math.ceil(overlay / ALIGN) * ALIGN;
  const window = await reader.read(from, SEARCH_BLOCKS * ALIGN + FIRST_HEADER);
  for (let at = 0; at + FIRST_HEADER <= window.length; at += ALIGN) {
    if (window.subarray(at + 4, at + 4 + SIGNATURE.length).equals(SIGNATURE)) return from + at;
  }
  return null;
}

/** End of the PE image's section data (where appended data begins), or null when not a PE. */
async function overlayStart(reader: Reader): Promise<number | null> {
  const dos = await reader.read(0, 64);
  if (dos.length < 64) return null;
  const pe = dos.readUInt32LE(0x3c);
  const coff = await reader.read(pe, 24);
  if (coff.length < 24 || coff.toString('latin1', 0, 4) !== 'PE\0\0') return null;
  const sections = coff.readUInt16LE(6);
  if (sections === 0 || sections > MAX_SECTIONS) return null;
  const table = await reader.read(pe + 24 + coff.readUInt16LE(20), sections * 40);
  if (table.length < sections * 40) return null;
  let end = 0;
  for (let i = 0; i < sections; i++) end = Math.max(end, table.readUInt32LE(i * 40 + 20) + table.readUInt32LE(i * 40 + 16));
  return end;
}
