// gzip (RFC 1952). Node's gunzip reads concatenated members and ignores trailing
// garbage after the last one. The stored file name (FNAME) is used when present.
import { createGunzip } from 'node:zlib';
import { basename } from 'node:path';
import type { Unpacker } from '../../types.ts';
import { pipeThrough } from '../../../util/reader.ts';
import { decompressedName, extractSingleStream } from '../../single-stream.ts';

const FLAG_FEXTRA = 0x04;
const FLAG_FNAME = 0x08;

export const gzip: Unpacker = {
  name: 'compress/gzip',
  version: 1,
  async identify(head, reader) {
    // ID1 ID2 CM=8 (deflate); the flags byte's reserved bits 5-7 must be zero.
    if (head.length < 18 || head[0] !== 0x1f || head[1] !== 0x8b || head[2] !== 8) return null;
    if (((head[3] ?? 0) & 0xe0) !== 0) return null;
    return { start: 0, end: reader.size };
  },
  async extract(ctx) {
    const stored = storedName(ctx.reader.size > 0 ? await ctx.reader.read(0, 1024) : Buffer.alloc(0));
    const name = stored ?? decompressedName(ctx.fileName, { '.tgz': '.tar', '.gz': '', '.z': '' });
    await extractSingleStream(ctx, name, (input) => pipeThrough(input, createGunzip()));
  },
};

/** FNAME from the header (latin-1, NUL-terminated), reduced to a base name. */
function storedName(head: Buffer): string | undefined {
  const flags = head[3] ?? 0;
  if (!(flags & FLAG_FNAME)) return undefined;
  let pos = 10;
  if (flags & FLAG_FEXTRA) pos += 2 + head.readUInt16LE(Math.min(pos, head.length - 2));
  const end = head.indexOf(0, pos);
  if (end <= pos) return undefined;
  const name = basename(head.toString('latin1', pos, end).replaceAll('\\', '/'));
  return name === '' || name === '..' || name === '.' ? undefined : name;
}
