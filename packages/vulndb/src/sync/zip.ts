// A small, bounded zip reader for OSV's per-ecosystem all.zip: the central directory is
// read from the end of the file, then each member is inflated on its own (stored or
// deflate only), so memory holds one advisory at a time.
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** One advisory is a few KB; anything this big is not one. */
const MAX_MEMBER = 64 * 1024 * 1024;

export interface ZipMember {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

/** The members listed in the central directory. Throws on a malformed or zip64 archive. */
export async function zipMembers(handle: FileHandle): Promise<ZipMember[]> {
  const { size } = await handle.stat();
  const tailSize = Math.min(size, 22 + 0xffff);
  const tail = Buffer.alloc(tailSize);
  await handle.read(tail, 0, tailSize, size - tailSize);
  let eocd = -1;
  for (let i = tailSize - 22; i >= 0; i -= 1) if (tail.readUInt32LE(i) === EOCD) { eocd = i; break; }
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = tail.readUInt16LE(eocd + 10);
  const dirSize = tail.readUInt32LE(eocd + 12);
  const dirOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new Error('zip64 archives are not read');
  if (dirOffset + dirSize > size) throw new Error('zip central directory runs past the end');
  const dir = Buffer.alloc(dirSize);
  await handle.read(dir, 0, dirSize, dirOffset);
  const members: ZipMember[] = [];
  let p = 0;
  for (let i = 0; i < count; i += 1) {
    if (p + 46 > dirSize || dir.readUInt32LE(p) !== CENTRAL) throw new Error('malformed zip central directory');
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    members.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
      method: dir.readUInt16LE(p + 10),
      compressedSize: dir.readUInt32LE(p + 20),
      size: dir.readUInt32LE(p + 24),
      localOffset: dir.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return members;
}

/** The member's bytes, inflated. */
export async function readMember(handle: FileHandle, member: ZipMember): Promise<Buffer> {
  if (member.size > MAX_MEMBER || member.compressedSize > MAX_MEMBER) throw new Error(`${member.name}: member too large`);
  const local = Buffer.alloc(30);
  await handle.read(local, 0, 30, member.localOffset);
  if (local.readUInt32LE(0) !== LOCAL) throw new Error(`${member.name}: bad local header`);
  const start = member.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const data = Buffer.alloc(member.compressedSize);
  await handle.read(data, 0, member.compressedSize, start);
  if (member.method === 0) return data;
  if (member.method !== 8) throw new Error(`${member.name}: compression method ${member.method} is not read`);
  const out = await inflate(data, { maxOutputLength: MAX_MEMBER });
  if (out.length !== member.size) throw new Error(`${member.name}: inflated to ${out.length} bytes, expected ${member.size}`);
  return out;
}
