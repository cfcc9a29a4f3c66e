// Decompression bombs, written at run time into a directory the caller owns (nothing
// large is committed): the tests use small sizes, bench/hostile/bombs.ts the full ones.
//   - nestedZipBomb: 42.zip's shape, zips of zips (16 per level), leaves of zeros;
//   - megabyteMembersZip: many members of exactly 1 MiB of zeros each (ratio ~1000:1);
//   - zeroGzip: one gzip member of N bytes of zeros;
//   - manyEntriesZip: a zip of N tiny stored entries.
// Each writes its file and resolves to its path. A deflate stream of zeros is made once
// and reused for every identical member, so the inputs take seconds to write.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { constants, createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { buildPackedZip, type PackedMember } from '../builders/zip.ts';

export interface NestedBombShape {
  /** Levels of zips holding `fanOut` zips each above the leaf zips (42.zip: 5). */
  levels: number;
  /** Members per zip (42.zip: 16). */
  fanOut: number;
  /** Bytes of zeros of the one file in each leaf zip (42.zip: 4.3 GB; under 4 GiB here: no zip64). */
  leafBytes: number;
}

/**
 * 42.zip's shape: `levels` levels of zips of `fanOut` zips, over leaf zips of one file of
 * zeros each. A zip of identical members whose deflated bodies are under deflate's 32 KiB
 * window compresses to about one of them, so the file stays tens of KB whatever the depth.
 */
export async function nestedZipBomb(dir: string, shape: NestedBombShape): Promise<string> {
  let zip = buildPackedZip([{ name: '0.bin', method: 8, ...(await deflatedZeros(shape.leafBytes)) }]);
  for (let level = 0; level < shape.levels; level++) {
    const member = { method: 8 as const, body: deflateRawSync(zip, { level: 9 }), crc: crc32(zip), size: zip.length };
    zip = buildPackedZip(Array.from({ length: shape.fanOut }, (_, i) => ({ name: `${level}-${i}.zip`, ...member })));
  }
  return writeOut(join(dir, 'nested-bomb.zip'), [zip]);
}

/** `count` members of `memberBytes` zeros each (the 8,192 × 1 MiB bomb: every member exactly at the old ratio floor). */
export async function megabyteMembersZip(dir: string, count: number, memberBytes = 1024 * 1024): Promise<string> {
  const zeros = await deflatedZeros(memberBytes);
  const members = Array.from({ length: count }, (_, i) => ({ name: `zeros/${i}.bin`, method: 8 as const, ...zeros }));
  return writeOut(join(dir, `megabyte-members-${count}.zip`), [buildPackedZip(members)]);
}

/** One gzip member of `bytes` zeros (10 GB → ~9.7 MB), streamed to disk. */
export async function zeroGzip(dir: string, bytes: number): Promise<string> {
  const path = join(dir, 'zeros.gz');
  const out = createWriteStream(path, { flags: 'wx' });
  // Header: magic, deflate, no flags, mtime 0, XFL 0, OS 3 (Unix).
  out.write(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]));
  const crc = await deflateZerosInto(bytes, (chunk) => out.write(chunk), () => once(out, 'drain').then(() => undefined));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(bytes % 2 ** 32, 4);
  out.end(trailer);
  await once(out, 'close');
  return path;
}

/** `count` stored entries of a few bytes each, spread over 100 folders. */
export async function manyEntriesZip(dir: string, count: number): Promise<string> {
  const members: PackedMember[] = [];
  for (let i = 0; i < count; i++) {
    const body = Buffer.from(`${i}\n`);
    members.push({ name: `d${i % 100}/f${i}.txt`, method: 0, body, crc: crc32(body), size: body.length });
  }
  return writeOut(join(dir, `entries-${count}.zip`), [buildPackedZip(members)]);
}

/** Raw deflate of `bytes` zeros, made by streaming (a leaf of GiBs never sits in memory). */
async function deflatedZeros(bytes: number): Promise<{ body: Buffer; crc: number; size: number }> {
  const parts: Buffer[] = [];
  const crc = await deflateZerosInto(bytes, (chunk) => {
      parts.push(chunk);
      return true;
    }, () => Promise.resolve());
  return { body: Buffer.concat(parts), crc, size: bytes };
}

const ZEROS = Buffer.alloc(1024 * 1024);

/** Streams `bytes` zeros through deflate into `emit`; resolves to their CRC-32. */
async function deflateZerosInto(bytes: number, emit: (chunk: Buffer) => boolean, drained: () => Promise<void>): Promise<number> {
  const deflate = createDeflateRaw({ level: 9, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY });
  let blocked = false;
  deflate.on('data', (chunk: Buffer) => {
    if (!emit(chunk)) blocked = true;
  });
  const ended = once(deflate, 'end');
  let crc = 0;
  for (let left = bytes; left > 0; left -= ZEROS.length) {
    const part = left >= ZEROS.length ? ZEROS : ZEROS.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await once(deflate, 'drain');
    if (blocked) {
      blocked = false;
      await drained();
    }
  }
  deflate.end();
  await ended;
  return crc;
}

async function writeOut(path: string, parts: Buffer[]): Promise<string> {
  const out = createWriteStream(path, { flags: 'wx' });
  for (const part of parts) out.write(part);
  out.end();
  await once(out, 'close');
  return path;
}
