// D-Link SEAMA firmware ("SEAttle iMAge", Alpha Networks; OpenWrt's tools/firmware-utils
// seama.h and oseama): big-endian headers of magic 0x5EA3A417, a reserved u16, the meta
// data size (u16) and the image size (u32). A header with image size 0 is a "seal" that
// wraps the entities after it; any other is an entity with the image's MD5 (16 bytes),
// its meta data ("key=value" strings, NUL-separated) and the image. Each entity's image
// is a member (`image-0` ...), its MD5 checked; the meta data goes to `image-0.meta`.
import { createHash } from 'node:crypto';
import type { ExtractContext, Unpacker } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';

const MAGIC = 0x5ea3a417;
const SEAL = 12;
const ENTITY = 28;
const MAX_ENTITIES = 64;

interface Entity {
  at: number;
  meta: number;
  size: number;
}

export const seama: Unpacker = {
  name: 'firmware/seama',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from([0x5e, 0xa3, 0xa4, 0x17]) }],
  async identify(head, reader) {
    if (head.length < SEAL || head.readUInt32BE(0) !== MAGIC) return null;
    const entities = await listEntities(reader, 0);
    if (entities.length === 0) return null;
    const last = entities[entities.length - 1] as Entity;
    return { start: 0, end: last.at + ENTITY + last.meta + last.size };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  for (const [i, entity] of (await listEntities(reader, chunk.start)).entries()) {
    if (sink.stopped) return;
    const header = await reader.read(entity.at, ENTITY);
    const start = entity.at + ENTITY + entity.meta;
    if (entity.meta > 0) {
      const meta = await reader.read(entity.at + ENTITY, entity.meta);
      await sink.fileBytes(`image-${i}.meta`, Buffer.from(meta.toString('latin1').replace(/\0+$/, '').replaceAll('\0', '\n') + '\n', 'latin1'));
    }
    await sink.file(`image-${i}`, () => reader.stream(start, start + entity.size), {}, signal);
    const md5 = createHash('md5');
    for await (const piece of reader.stream(start, start + entity.size)) md5.update(piece as Buffer);
    if (!md5.digest().equals(header.subarray(12, 28))) {
      ctx.report({ level: 'warning', location: [...ctx.location, `image-${i}`], code: 'checksum-mismatch', message: 'SEAMA image MD5 does not match its header' });
    }
  }
}

/** The entities from `start` on, seals skipped; stops at the first header that is none or does not fit. */
async function listEntities(reader: Reader, start: number): Promise<Entity[]> {
  const out: Entity[] = [];
  for (let at = start, n = 0; n < MAX_ENTITIES * 2 && at + SEAL <= reader.size; n++) {
    const head = await reader.read(at, SEAL);
    if (head.readUInt32BE(0) !== MAGIC) break;
    const meta = head.readUInt16BE(6);
    const size = head.readUInt32BE(8);
    if (size === 0) {
      at += SEAL + meta;
      continue;
    }
    if (at + ENTITY + meta + size > reader.size || out.length >= MAX_ENTITIES) break;
    out.push({ at, meta, size });
    at += ENTITY + meta + size;
  }
  return out;
}
