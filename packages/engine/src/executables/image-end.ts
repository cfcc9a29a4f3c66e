// Where an executable's own bytes end, from its headers: whatever follows is an
// overlay, which self-extracting archives and installers fill with their payload
// (a 7z after a 7-Zip SFX stub, a zip after an ELF). ELF: the furthest of the header
// tables and of every segment's and section's file bytes. PE: the furthest of the
// headers, every section's raw data and the certificate table (which sits after the
// sections and is the image's own).
import type { Reader } from '../util/reader.ts';
import { fields } from './elf-fields.ts';

/** Tables longer than this are not an executable's (and not worth reading). */
const MAX_TABLE_BYTES = 4 * 1024 * 1024;
const SHT_NOBITS = 8;
const PE_SIGNATURE = 0x4550;
const CERTIFICATE_DIRECTORY = 4;

/** The end of the ELF or PE image starting at 0, or undefined when its headers do not say. */
export async function executableEnd(reader: Reader, head: Buffer): Promise<number | undefined> {
  let end: number | undefined;
  if (head.length >= 64 && head.readUInt32BE(0) === 0x7f454c46) end = await elfEnd(reader, head);
  else if (head.length >= 64 && head.readUInt16LE(0) === 0x5a4d) end = await peEnd(reader, head);
  // Offsets near 2^64 (clamped) plus sizes: headers that say nothing usable.
  return end !== undefined && Number.isSafeInteger(end) ? end : undefined;
}

async function elfEnd(reader: Reader, head: Buffer): Promise<number | undefined> {
  const bits = head[4] === 1 ? 32 : head[4] === 2 ? 64 : undefined;
  const little = head[5] === 1 ? true : head[5] === 2 ? false : undefined;
  if (bits === undefined || little === undefined) return undefined;
  const wide = bits === 64;
  const f = fields(head, little, bits);
  const tables = [
    // Program headers: p_offset, p_filesz; section headers: sh_offset, sh_size (not for SHT_NOBITS).
    { at: f.addr(wide ? 32 : 28), entry: f.u16(wide ? 54 : 42), count: f.u16(wide ? 56 : 44), offset: wide ? 8 : 4, size: wide ? 32 : 16, type: undefined },
    { at: f.addr(wide ? 40 : 32), entry: f.u16(wide ? 58 : 46), count: f.u16(wide ? 60 : 48), offset: wide ? 24 : 16, size: wide ? 32 : 20, type: 4 },
  ];
  let end = wide ? 64 : 52;
  for (const table of tables) {
    const bytes = table.entry * table.count;
    if (table.count === 0 || table.at === 0) continue;
    if (table.entry < table.size + (wide ? 8 : 4) || bytes > MAX_TABLE_BYTES) return undefined;
    end = Math.max(end, table.at + bytes);
    const raw = await reader.read(table.at, bytes);
    if (raw.length < bytes) return undefined;
    const t = fields(raw, little, bits);
    for (let i = 0; i < table.count; i++) {
      const base = i * table.entry;
      if (table.type !== undefined && t.u32(base + table.type) === SHT_NOBITS) continue;
      end = Math.max(end, t.addr(base + table.offset) + t.addr(base + table.size));
    }
  }
  return end;
}

async function peEnd(reader: Reader, dos: Buffer): Promise<number | undefined> {
  const peOffset = dos.readUInt32LE(0x3c);
  const header = await reader.read(peOffset, 24);
  if (header.length < 24 || header.readUInt32LE(0) !== PE_SIGNATURE) return undefined;
  const sections = header.readUInt16LE(6);
  const optSize = header.readUInt16LE(20);
  const tableAt = peOffset + 24 + optSize;
  let end = tableAt + sections * 40;
  const table = await reader.read(tableAt, sections * 40);
  if (table.length < sections * 40) return undefined;
  for (let p = 0; p < table.length; p += 40) {
    const rawSize = table.readUInt32LE(p + 16);
    if (rawSize > 0) end = Math.max(end, table.readUInt32LE(p + 20) + rawSize);
  }
  const optional = await reader.read(peOffset + 24, optSize);
  const directories = optional.length >= 2 && optional.readUInt16LE(0) === 0x20b ? 112 : 96;
  const certificate = directories + CERTIFICATE_DIRECTORY * 8;
  // The certificate table's "address" is a file offset, unlike every other directory's.
  if (optional.length >= certificate + 8 && optional.readUInt32LE(certificate + 4) > 0) {
    end = Math.max(end, optional.readUInt32LE(certificate) + optional.readUInt32LE(certificate + 4));
  }
  return end;
}
