// MBR partition table (the PC's master boot record): four 16-byte entries at 446 and
// the 55 AA signature at 510. Each partition is a member (`partition-1` ...), written as
// is and detected next round; logical partitions are found by following the chain of
// extended boot records (EBRs) inside the extended partition and numbered from 5, as
// Linux does. A GPT disk's protective MBR (type 0xEE) is left to disk/gpt.
import type { ExtractContext, Unpacker } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';

const SECTOR = 512;
const TABLE = 446;
const EXTENDED = new Set([0x05, 0x0f, 0x85]);
const GPT_PROTECTIVE = 0xee;
/** Logical partitions per disk: fdisk stops at 60; a looping EBR chain stops here. */
const MAX_LOGICAL = 128;

interface Entry {
  type: number;
  /** Absolute byte offsets. */
  start: number;
  end: number;
}

export const mbr: Unpacker = {
  name: 'disk/mbr',
  version: 1,
  async identify(head, reader) {
    const entries = primaryEntries(head);
    if (!entries || entries.length === 0 || entries.some((e) => e.type === GPT_PROTECTIVE)) return null;
    if (await isVolume(head, reader)) return null;
    // Partitions must start inside the file (a truncated last partition is read as far as it goes).
    if (entries.some((e) => e.start >= reader.size)) return null;
    return { start: 0, end: Math.min(reader.size, Math.max(...entries.map((e) => e.end))) };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, sink } = ctx;
  const slots = parseSlots(await reader.read(0, SECTOR), 0);
  for (const [i, slot] of slots.entries()) {
    if (sink.stopped) return;
    if (slot === undefined) continue;
    if (EXTENDED.has(slot.type)) await extractLogical(ctx, slot);
    else await writePartition(ctx, `partition-${i + 1}`, slot);
  }
}

/** Logical partitions: each EBR holds one partition (relative to that EBR) and a link to the next EBR (relative to the extended partition). */
async function extractLogical(ctx: ExtractContext, extended: Entry): Promise<void> {
  const seen = new Set<number>();
  let ebr = extended.start;
  for (let n = 5; n < 5 + MAX_LOGICAL && !ctx.sink.stopped; n++) {
    if (seen.has(ebr) || ebr + SECTOR > ctx.reader.size) return;
    seen.add(ebr);
    const sector = await ctx.reader.read(ebr, SECTOR);
    if (sector.length < SECTOR || sector.readUInt16LE(510) !== 0xaa55) {
      ctx.report({ level: 'warning', location: ctx.location, code: 'malformed', message: `extended boot record at ${ebr} has no 55 AA signature` });
      return;
    }
    const [logical, next] = parseSlots(sector, ebr);
    if (logical) await writePartition(ctx, `partition-${n}`, logical);
    if (!next || !EXTENDED.has(next.type)) return;
    ebr = extended.start + (next.start - ebr);
  }
}

async function writePartition(ctx: ExtractContext, name: string, entry: Entry): Promise<void> {
  const end = Math.min(entry.end, ctx.reader.size);
  if (end < entry.end) {
    ctx.report({ level: 'warning', location: [...ctx.location, name], code: 'truncated', message: `partition ends at ${entry.end}, the image at ${ctx.reader.size}` });
  }
  if (entry.start >= end) return;
  await ctx.sink.file(name, () => ctx.reader.stream(entry.start, end), {}, ctx.signal);
}

/** The four slots of a table sector at `base` (undefined = empty). */
function parseSlots(sector: Buffer, base: number): (Entry | undefined)[] {
  const out: (Entry | undefined)[] = [];
  for (let i = 0; i < 4; i++) {
    const at = TABLE + 16 * i;
    const type = sector[at + 4] ?? 0;
    const lba = sector.readUInt32LE(at + 8);
    const count = sector.readUInt32LE(at + 12);
    out.push(type === 0 || count === 0 ? undefined : { type, start: base + lba * SECTOR, end: base + (lba + count) * SECTOR });
  }
  return out;
}

/** Non-empty primary entries, or null when the sector is no partition table. */
function primaryEntries(head: Buffer): Entry[] | null {
  if (head.length < SECTOR || head.readUInt16LE(510) !== 0xaa55) return null;
  for (let i = 0; i < 4; i++) {
    const at = TABLE + 16 * i;
    const status = head[at] ?? 0;
    // Boot indicator: 0x80 active, 0 inactive; anything else is boot code or text, not a table.
    if (status !== 0 && status !== 0x80) return null;
    if (head[at + 4] === 0 && head.readUInt32LE(at + 8) + head.readUInt32LE(at + 12) !== 0) return null;
    // Sector 0 holds the table itself: no partition starts there.
    if (head[at + 4] !== 0 && head.readUInt32LE(at + 8) === 0) return null;
  }
  return parseSlots(head, 0).filter((e): e is Entry => e !== undefined);
}

/**
 * A volume boot record has 55 AA too: FAT's and NTFS's BIOS parameter block names its file
 * system, and an ISO 9660 image (isohybrid) is left to filesystem/iso9660.
 */
async function isVolume(head: Buffer, reader: Reader): Promise<boolean> {
  const oem = head.toString('latin1', 3, 11);
  if (oem === 'NTFS    ' || oem === 'EXFAT   ') return true;
  if (head.toString('latin1', 54, 57) === 'FAT' || head.toString('latin1', 82, 87) === 'FAT32') return true;
  const iso = await reader.read(0x8001, 5);
  return iso.toString('latin1') === 'CD001';
}
