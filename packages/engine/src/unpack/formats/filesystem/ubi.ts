// UBI images (ubinize, raw NAND/NOR dumps): every physical eraseblock (PEB)
// starts with an erase-counter header, then a VID header naming the volume and
// logical block (LEB) it holds. The layout volume's table names the volumes;
// each volume is rebuilt from its LEBs in order (of two PEBs claiming one LEB,
// the higher sequence number wins, unless it is a wear-levelling copy whose data
// CRC fails) and emitted as `<name>.ubifs` or `<name>.img` for the next round.
// Unmapped LEBs inside a dynamic volume read as erased flash (0xFF).
import { Readable } from 'node:stream';
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';
import {
  HEADER_SIZE,
  LAYOUT_VOLUME_ID,
  VOLUME_STATIC,
  parseEcHeader,
  parseVidHeader,
  parseVolumeTable,
  ubiCrc,
  type EcHeader,
  type VidHeader,
  type VolumeRecord,
} from '../../layouts/ubi-headers.ts';

const MIN_PEB = 1024;
const MAX_PEB = 16 * 1024 * 1024;
/** A 32 GiB flash of 128 KiB blocks; more is not a UBI image we can trust. */
const MAX_PEBS = 1 << 18;
const UBIFS_MAGIC = Buffer.from([0x31, 0x18, 0x10, 0x06]);

interface Geometry {
  ec: EcHeader;
  pebSize: number;
  lebSize: number;
}

interface Mapped extends VidHeader {
  peb: number;
}

export const ubi: Unpacker = {
  name: 'filesystem/ubi',
  version: 1,
  magic: [{ offset: 0, bytes: Buffer.from('UBI#', 'latin1') }],
  async identify(head, reader) {
    if (parseEcHeader(head) === undefined) return null;
    const end = await imageLength(reader);
    return end === null ? null : { start: 0, end };
  },
  extract,
};

/**
 * Bytes of the UBI image at the reader's start: eraseblocks while their EC headers
 * are intact and of the same image, so what follows (another payload) is carved.
 * A last eraseblock cut short still belongs to the image (extraction says so).
 */
async function imageLength(reader: Reader): Promise<number | null> {
  const geometry = await detectGeometry(reader, 0, reader.size);
  if (!geometry) return null;
  let end = 0;
  for (let pebs = 0; pebs < MAX_PEBS && end < reader.size; pebs++) {
    const ec = parseEcHeader(await reader.read(end, HEADER_SIZE));
    if (!ec || ec.imageSeq !== geometry.ec.imageSeq) break;
    end = Math.min(reader.size, end + geometry.pebSize);
  }
  return end;
}


/**
 * PEB size: the smallest power of two at which the next erase-counter header of
 * the same image sits; a one-block image is as large as the chunk.
 */
async function detectGeometry(reader: Reader, start: number, end: number): Promise<Geometry | undefined> {
  const ec = parseEcHeader(await reader.read(start, HEADER_SIZE));
  if (!ec) return undefined;
  const geometry = (pebSize: number): Geometry | undefined => (pebSize > ec.dataOffset ? { ec, pebSize, lebSize: pebSize - ec.dataOffset } : undefined);
  for (let size = MIN_PEB; size <= MAX_PEB && start + size < end; size *= 2) {
    if (size <= ec.dataOffset) continue;
    const next = parseEcHeader(await reader.read(start + size, HEADER_SIZE));
    if (next && next.imageSeq === ec.imageSeq) return geometry(size);
  }
  return end - start <= MAX_PEB ? geometry(end - start) : undefined;
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk } = ctx;
  const geometry = await detectGeometry(reader, chunk.start, chunk.end);
  if (!geometry) throw new FormatError('malformed', 'no UBI erase-counter header or eraseblock size', ctx.location);
  const volumes = await scanPebs(ctx, geometry);
  const layout = await readLayout(ctx, geometry, volumes.get(LAYOUT_VOLUME_ID));
  for (const [volId, lebs] of volumes) {
    if (volId >= LAYOUT_VOLUME_ID) continue; // the layout volume and fastmap's internal volumes
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const record = layout.find((v) => v.id === volId);
    await emitVolume(ctx, geometry, volId, record, lebs);
  }
}

/** Per volume, per LEB, the candidate PEBs, newest first. */
async function scanPebs(ctx: ExtractContext, geometry: Geometry): Promise<Map<number, Map<number, Mapped[]>>> {
  const { reader, chunk } = ctx;
  const count = Math.min(MAX_PEBS, Math.floor((chunk.end - chunk.start) / geometry.pebSize));
  if ((chunk.end - chunk.start) % geometry.pebSize !== 0) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'truncated', message: `UBI image ends inside eraseblock ${count}` });
  }
  const volumes = new Map<number, Map<number, Mapped[]>>();
  let bad = 0;
  for (let peb = 0; peb < count; peb++) {
    ctx.signal.throwIfAborted();
    const base = chunk.start + peb * geometry.pebSize;
    const ec = parseEcHeader(await reader.read(base, HEADER_SIZE));
    const vid = parseVidHeader(await reader.read(base + (ec ?? geometry.ec).vidOffset, HEADER_SIZE));
    if (vid === 'empty') continue;
    if (!vid || (ec && ec.dataOffset !== geometry.ec.dataOffset)) {
      bad++;
      continue;
    }
    const lebs = volumes.get(vid.volId) ?? new Map<number, Mapped[]>();
    volumes.set(vid.volId, lebs);
    const list = lebs.get(vid.lnum) ?? [];
    list.push({ ...vid, peb });
    list.sort((a, b) => (a.sqnum > b.sqnum ? -1 : a.sqnum < b.sqnum ? 1 : 0));
    lebs.set(vid.lnum, list);
  }
  if (bad > 0) ctx.report({ level: 'warning', location: ctx.location, code: 'corrupt', message: `${bad} UBI eraseblocks with damaged headers were skipped` });
  return volumes;
}

/** The volume table from the layout volume (LEB 0, or its copy in LEB 1). */
async function readLayout(ctx: ExtractContext, geometry: Geometry, lebs: Map<number, Mapped[]> | undefined): Promise<VolumeRecord[]> {
  for (const lnum of [0, 1]) {
    const peb = lebs?.get(lnum)?.[0];
    if (!peb) continue;
    const table = parseVolumeTable(await ctx.reader.read(pebData(ctx, geometry, peb), geometry.lebSize));
    if (table.bad === 0) return table.volumes;
  }
  ctx.report({ level: 'warning', location: ctx.location, code: 'corrupt', message: 'UBI volume table missing or damaged: volumes are named by id' });
  return [];
}

function pebData(ctx: ExtractContext, geometry: Geometry, peb: Mapped): number {
  return ctx.chunk.start + peb.peb * geometry.pebSize + geometry.ec.dataOffset;
}

async function emitVolume(ctx: ExtractContext, geometry: Geometry, volId: number, record: VolumeRecord | undefined, lebs: Map<number, Mapped[]>): Promise<void> {
  const chosen = new Map<number, Mapped>();
  for (const [lnum, candidates] of lebs) {
    const peb = await pickPeb(ctx, geometry, candidates);
    if (peb) chosen.set(lnum, peb);
  }
  const first = chosen.get(0) ?? [...chosen.values()][0];
  if (!first) return;
  const isStatic = (record?.type ?? first.volType) === VOLUME_STATIC;
  const lebData = geometry.lebSize - (record?.dataPad ?? first.dataPad);
  const lebCount = isStatic ? first.usedEbs : Math.max(...chosen.keys()) + 1;
  if (lebData <= 0 || lebCount > MAX_PEBS) throw new FormatError('malformed', `UBI volume ${volId}: ${lebCount} blocks of ${lebData} bytes`, ctx.location);
  const head = await ctx.reader.read(pebData(ctx, geometry, first), UBIFS_MAGIC.length);
  const base = safeVolumeName(record?.name ?? '') || `volume-${volId}`;
  const name = `${base}${head.equals(UBIFS_MAGIC) && first.lnum === 0 ? '.ubifs' : '.img'}`;
  const open = (): Readable => Readable.from(volumeBytes(ctx, geometry, chosen, lebCount, isStatic ? undefined : lebData), { objectMode: false });
  await ctx.sink.file(name, open, {}, ctx.signal);
}

/** The newest PEB for a LEB; a wear-levelling copy must carry intact data. */
async function pickPeb(ctx: ExtractContext, geometry: Geometry, candidates: Mapped[]): Promise<Mapped | undefined> {
  for (const peb of candidates) {
    if (!peb.copyFlag || peb.volType === VOLUME_STATIC) return peb;
    if (peb.dataSize > geometry.lebSize) continue;
    if (ubiCrc(await ctx.reader.read(pebData(ctx, geometry, peb), peb.dataSize)) === peb.dataCrc) return peb;
  }
  return candidates.at(-1);
}

/** LEB after LEB; a dynamic volume's LEBs are whole (`lebData`), a static one's `dataSize` long. */
async function* volumeBytes(ctx: ExtractContext, geometry: Geometry, chosen: Map<number, Mapped>, lebCount: number, lebData: number | undefined): AsyncGenerator<Buffer> {
  for (let lnum = 0; lnum < lebCount; lnum++) {
    const peb = chosen.get(lnum);
    const length = lebData ?? peb?.dataSize ?? 0;
    if (length > geometry.lebSize) throw new FormatError('malformed', `UBI static block ${lnum} claims ${length} bytes`);
    if (!peb) {
      if (lebData === undefined) throw new FormatError('truncated', `UBI static volume is missing block ${lnum}`);
      yield Buffer.alloc(length, 0xff);
      continue;
    }
    const data = await ctx.reader.read(pebData(ctx, geometry, peb), length);
    if (data.length < length) throw new FormatError('truncated', `UBI block ${lnum} in eraseblock ${peb.peb} is cut short`);
    if (lebData === undefined && ubiCrc(data) !== peb.dataCrc) throw new FormatError('corrupt', `UBI static block ${lnum} fails its data CRC`);
    yield data;
  }
}

/** A volume name as one path element. */
function safeVolumeName(name: string): string {
  // Sample: `rootfs/a` → `rootfs_a` (separators and NUL only).
  const clean = name.replace(/[/\\\0]/g, '_');
  return clean === '.' || clean === '..' ? '' : clean;
}
