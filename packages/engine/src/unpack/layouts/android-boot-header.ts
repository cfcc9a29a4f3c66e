// Android boot image headers (little endian), after AOSP's bootimg.h: where each
// section sits and what the header says about the build. Offsets are relative to
// the image start; every section starts on a page boundary.

export interface Section {
  name: string;
  offset: number;
  size: number;
  /** A ramdisk: named by its compression so the next round unpacks it. */
  ramdisk?: boolean;
}

export interface BootImage {
  /** Bytes the image occupies (the last section's padded end). */
  end: number;
  sections: Section[];
  /** Header facts for `bootimg.cfg`, in display order. */
  config: [string, string][];
}

const V3_PAGE = 4096;
const MAX_VENDOR_RAMDISKS = 1024;
/** vendor_ramdisk_table_entry_v4: size, offset, type, name[32], board_id[16]. */
const RAMDISK_ENTRY_MIN = 108;
/** AOSP's entry is 108 bytes; room for a future, larger one, never a huge read. */
const RAMDISK_ENTRY_MAX = 4096;

const align = (n: number, page: number): number => Math.ceil(n / page) * page;

/** A NUL-terminated field as one line of text. */
function cString(buf: Buffer, start: number, length: number): string {
  const field = buf.subarray(start, Math.min(buf.length, start + length));
  const end = field.indexOf(0);
  return field
    .toString('utf8', 0, end === -1 ? field.length : end)
    // Sample: `console=ttyS0\nquiet` → `console=ttyS0 quiet`: one cfg line per field.
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/** os_version packs A.B.C (7 bits each) above an 11-bit patch level (years since 2000, month). */
function osVersion(word: number): [string, string][] {
  if (word === 0) return [];
  const version = word >>> 11;
  const patch = word & 0x7ff;
  const out: [string, string][] = [];
  if (version !== 0) out.push(['os_version', `${(version >>> 14) & 0x7f}.${(version >>> 7) & 0x7f}.${version & 0x7f}`]);
  if (patch !== 0) out.push(['os_patch_level', `${2000 + (patch >>> 4)}-${String(patch & 0xf).padStart(2, '0')}`]);
  return out;
}

/** Lays sections out one after another from `start`, each padded to `page`. */
function layout(start: number, page: number, parts: [string, number, boolean?][]): { sections: Section[]; end: number } {
  const sections: Section[] = [];
  let pos = start;
  for (const [name, size, ramdisk] of parts) {
    if (size === 0) continue;
    sections.push(ramdisk ? { name, offset: pos, size, ramdisk } : { name, offset: pos, size });
    pos += align(size, page);
  }
  return { sections, end: pos };
}

function validPage(page: number): boolean {
  return page >= 1024 && page <= 65536 && (page & (page - 1)) === 0;
}

/** An `ANDROID!` header, v0-v4; undefined when it does not hold together. */
export function parseBootHeader(h: Buffer): BootImage | undefined {
  if (h.length < 1660 || h.toString('latin1', 0, 8) !== 'ANDROID!') return undefined;
  const rawVersion = h.readUInt32LE(40);
  if (rawVersion === 3 || rawVersion === 4) {
    const kernel = h.readUInt32LE(8);
    const ramdisk = h.readUInt32LE(12);
    const signature = rawVersion === 4 ? h.readUInt32LE(1580) : 0;
    if (kernel === 0 && ramdisk === 0) return undefined;
    const { sections, end } = layout(V3_PAGE, V3_PAGE, [
      ['kernel', kernel],
      ['ramdisk', ramdisk, true],
      ['boot_signature', signature],
    ]);
    const config: [string, string][] = [['header_version', String(rawVersion)], ['page_size', String(V3_PAGE)], ...osVersion(h.readUInt32LE(16)), ['cmdline', cString(h, 44, 1536)]];
    return { end, sections, config };
  }
  // Before v1 the word held nothing, or (some vendors) the size of an appended device tree.
  const version = rawVersion <= 2 ? rawVersion : 0;
  const page = h.readUInt32LE(36);
  const kernel = h.readUInt32LE(8);
  const ramdisk = h.readUInt32LE(16);
  if (!validPage(page) || (kernel === 0 && ramdisk === 0)) return undefined;
  const { sections, end } = layout(page, page, [
    ['kernel', kernel],
    ['ramdisk', ramdisk, true],
    ['second', h.readUInt32LE(24)],
    ['recovery_dtbo', version >= 1 ? h.readUInt32LE(1632) : 0],
    ['dtb', version >= 2 ? h.readUInt32LE(1648) : 0],
  ]);
  const cmdline = `${cString(h, 64, 512)}${cString(h, 608, 1024)}`;
  const config: [string, string][] = [['header_version', String(version)], ['page_size', String(page)], ...osVersion(h.readUInt32LE(44))];
  const board = cString(h, 48, 16);
  if (board) config.push(['board', board]);
  config.push(['cmdline', cmdline]);
  return { end, sections, config };
}

/** A `VNDRBOOT` header, v3/v4 (v4 adds the vendor ramdisk table and bootconfig). */
export async function parseVendorHeader(h: Buffer, read: (offset: number, length: number) => Promise<Buffer>): Promise<BootImage | undefined> {
  if (h.length < 2128 || h.toString('latin1', 0, 8) !== 'VNDRBOOT') return undefined;
  const version = h.readUInt32LE(8);
  const page = h.readUInt32LE(12);
  const headerSize = h.readUInt32LE(2096);
  if ((version !== 3 && version !== 4) || !validPage(page) || headerSize < 2108 || headerSize > page * 4) return undefined;
  const vendorRamdisk = h.readUInt32LE(24);
  const tableSize = version === 4 ? h.readUInt32LE(2112) : 0;
  const { sections: laid, end } = layout(align(headerSize, page), page, [
    ['vendor_ramdisk', vendorRamdisk, true],
    ['dtb', h.readUInt32LE(2100)],
    ['vendor_ramdisk_table', tableSize],
    ['bootconfig', version === 4 ? h.readUInt32LE(2124) : 0],
  ]);
  const config: [string, string][] = [['header_version', String(version)], ['page_size', String(page)]];
  const board = cString(h, 2080, 16);
  if (board) config.push(['board', board]);
  config.push(['vendor_cmdline', cString(h, 28, 2048)]);
  const table = laid.find((s) => s.name === 'vendor_ramdisk_table');
  const whole = laid.find((s) => s.name === 'vendor_ramdisk');
  const fragments = table && whole ? await ramdiskFragments(h, whole, table, read) : [];
  const sections = laid.filter((s) => s !== table && (fragments.length === 0 || s !== whole));
  return { end, sections: [...fragments, ...sections], config };
}

/** The v4 table's entries as sections inside the vendor ramdisk, each named from the table. */
async function ramdiskFragments(h: Buffer, whole: Section, table: Section, read: (offset: number, length: number) => Promise<Buffer>): Promise<Section[]> {
  const count = h.readUInt32LE(2116);
  const entrySize = h.readUInt32LE(2120);
  if (count === 0 || count > MAX_VENDOR_RAMDISKS || entrySize < RAMDISK_ENTRY_MIN || entrySize > RAMDISK_ENTRY_MAX || count * entrySize > table.size) return [];
  const bytes = await read(table.offset, count * entrySize);
  const out: Section[] = [];
  const names = new Set<string>();
  for (let i = 0; i < count && (i + 1) * entrySize <= bytes.length; i++) {
    const at = i * entrySize;
    const size = bytes.readUInt32LE(at);
    const offset = bytes.readUInt32LE(at + 4);
    if (size === 0 || offset + size > whole.size) continue;
    // Sample: `vendor dlkm/1` → `vendor_dlkm_1`, a safe file name.
    const label = cString(bytes, at + 12, 32).replace(/[^A-Za-z0-9._-]/g, '_');
    const name = label && !names.has(label) ? `vendor_ramdisk_${label}` : `vendor_ramdisk_${i}`;
    names.add(label);
    out.push({ name, offset: whole.offset + offset, size, ramdisk: true });
  }
  return out;
}
