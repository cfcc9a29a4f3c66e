// GUID partition table (UEFI specification, chapter 5): the header at LBA 1 ("EFI PART",
// with a CRC32 over its own bytes) points at an array of partition entries (CRC32 too).
// Each used entry is a member named by its index and its UTF-16 name
// (`partition-1-rootfs`), written as is and detected next round. Sectors of 512 and
// 4096 bytes are both tried. The image runs to the backup header (the disk's last sector),
// which is not read: the primary one is enough.
import { crc32 } from 'node:zlib';
import type { ExtractContext, Unpacker } from '../../types.ts';
import type { Reader } from '../../../util/reader.ts';

const SIGNATURE = 'EFI PART';
const SECTOR_SIZES = [512, 4096];
const MIN_HEADER = 92;
/** The specification's minimum array is 128 entries; real tables stay far below this. */
const MAX_ENTRIES = 4096;
const MIN_ENTRY = 128;

interface Table {
  sector: number;
  entriesAt: number;
  count: number;
  entrySize: number;
  entriesCrc: number;
  /** The backup header's LBA: the disk's last sector. */
  backupLba: number;
}

export const gpt: Unpacker = {
  name: 'disk/gpt',
  version: 1,
  magic: [{ offset: 512, bytes: Buffer.from(SIGNATURE, 'latin1') }],
  async identify(_head, reader) {
    const table = await readHeader(reader);
    if (!table) return null;
    return { start: 0, end: Math.min(reader.size, (table.backupLba + 1) * table.sector) };
  },
  extract,
};

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, sink, signal } = ctx;
  const table = await readHeader(reader);
  if (!table) return;
  const array = await reader.read(table.entriesAt, table.count * table.entrySize);
  if (crc32(array) !== table.entriesCrc) {
    ctx.report({ level: 'warning', location: ctx.location, code: 'checksum-mismatch', message: 'GPT partition entry array CRC32 does not match the header' });
  }
  for (let i = 0; i * table.entrySize + MIN_ENTRY <= array.length; i++) {
    if (sink.stopped) return;
    const entry = array.subarray(i * table.entrySize, i * table.entrySize + MIN_ENTRY);
    if (entry.subarray(0, 16).every((b) => b === 0)) continue; // unused: type GUID all zeros
    const first = Number(entry.readBigUInt64LE(32));
    const last = Number(entry.readBigUInt64LE(40));
    const name = memberName(i + 1, entry.subarray(56, 128));
    if (last < first || first * table.sector >= reader.size) {
      ctx.report({ level: 'warning', location: [...ctx.location, name], code: 'malformed', message: `partition LBAs ${first}-${last} lie outside the image` });
      continue;
    }
    const start = first * table.sector;
    const end = Math.min((last + 1) * table.sector, reader.size);
    if (end < (last + 1) * table.sector) {
      ctx.report({ level: 'warning', location: [...ctx.location, name], code: 'truncated', message: `partition ends at ${(last + 1) * table.sector}, the image at ${reader.size}` });
    }
    await sink.file(name, () => reader.stream(start, end), {}, signal);
  }
}

/** The primary header with a valid CRC, at LBA 1 of either sector size. */
async function readHeader(reader: Reader): Promise<Table | null> {
  for (const sector of SECTOR_SIZES) {
    const head = await reader.read(sector, sector);
    if (head.length < MIN_HEADER || head.toString('latin1', 0, 8) !== SIGNATURE) continue;
    const size = head.readUInt32LE(12);
    if (size < MIN_HEADER || size > head.length) continue;
    const copy = Buffer.from(head.subarray(0, size));
    copy.writeUInt32LE(0, 16);
    if (crc32(copy) !== head.readUInt32LE(16)) continue;
    const count = head.readUInt32LE(80);
    const entrySize = head.readUInt32LE(84);
    // Entry size: 128 × 2^n per the specification.
    if (count === 0 || count > MAX_ENTRIES || entrySize < MIN_ENTRY || entrySize % MIN_ENTRY !== 0 || count * entrySize > 16 * 1024 * 1024) continue;
    return { sector, entriesAt: Number(head.readBigUInt64LE(72)) * sector, count, entrySize, entriesCrc: head.readUInt32LE(88), backupLba: Number(head.readBigUInt64LE(32)) };
  }
  return null;
}

/** `partition-<n>` plus the entry's name with anything but [A-Za-z0-9._-] turned into `_`. */
function memberName(index: number, utf16: Buffer): string {
  const raw = utf16.toString('utf16le');
  const nul = raw.indexOf('\0');
  const label = (nul < 0 ? raw : raw.slice(0, nul)).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 36);
  return label ? `partition-${index}-${label}` : `partition-${index}`;
}
