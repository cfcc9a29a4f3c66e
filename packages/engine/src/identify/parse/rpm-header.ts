// RPM header blobs as rpmdb stores them (rpm's lib/header.c, "header structure"):
// big-endian int32 index count `il`, data size `dl`, `il` entries of
// {tag, type, offset, count} (16 bytes each), then `dl` bytes of data. The
// on-disk magic (8e ad e8 01) is not part of the blob in rpmdb.sqlite/ndb.

export const RPMTAG = {
  NAME: 1000,
  VERSION: 1001,
  RELEASE: 1002,
  EPOCH: 1003,
  VENDOR: 1011,
  LICENSE: 1014,
  ARCH: 1022,
  SOURCERPM: 1044,
} as const;

const TYPE_INT32 = 4;
const TYPE_STRING = 6;
const TYPE_STRING_ARRAY = 8;
const TYPE_I18NSTRING = 9;
/** rpm refuses headers with more entries than this (HEADER_TAGS_MAX); so do we. */
const MAX_ENTRIES = 0xffff;

export type RpmHeader = Map<number, string | number>;

/** The string and int32 tags of a header blob, or an error message. */
export function parseRpmHeader(blob: Uint8Array): RpmHeader | string {
  const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (buf.length < 8) return `header of ${buf.length} bytes is too short`;
  const il = buf.readUInt32BE(0);
  const dl = buf.readUInt32BE(4);
  const dataStart = 8 + il * 16;
  if (il > MAX_ENTRIES || dataStart + dl > buf.length) return `header declares ${il} entries and ${dl} data bytes, has ${buf.length} bytes`;
  const out: RpmHeader = new Map();
  for (let i = 0; i < il; i++) {
    const at = 8 + i * 16;
    const tag = buf.readUInt32BE(at);
    const type = buf.readUInt32BE(at + 4);
    const offset = buf.readUInt32BE(at + 8);
    const count = buf.readUInt32BE(at + 12);
    if (offset >= dl) continue;
    const start = dataStart + offset;
    const end = dataStart + dl;
    if (type === TYPE_INT32 && count >= 1 && start + 4 <= end) out.set(tag, buf.readUInt32BE(start));
    else if (type === TYPE_STRING || type === TYPE_STRING_ARRAY || type === TYPE_I18NSTRING) {
      // The first string (i18n tables: the C locale's).
      const nul = buf.indexOf(0, start);
      if (nul < 0 || nul >= end) continue;
      out.set(tag, buf.toString('utf8', start, nul));
    }
  }
  return out;
}

const TAG_DIRINDEXES = 1116;
const TAG_BASENAMES = 1117;
const TAG_DIRNAMES = 1118;
/** Files listed per header at most; rpm's own limits are far above any real package. */
const MAX_FILES = 1_000_000;

/**
 * The package's installed files (`/usr/lib64/libz.so.1`): BASENAMES[i] under
 * DIRNAMES[DIRINDEXES[i]], as rpm stores them since 4.0. Empty when absent or damaged.
 */
export function rpmFileList(blob: Uint8Array): string[] {
  const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (buf.length < 8) return [];
  const il = buf.readUInt32BE(0);
  const dl = buf.readUInt32BE(4);
  const dataStart = 8 + il * 16;
  if (il > MAX_ENTRIES || dataStart + dl > buf.length) return [];
  const entries = new Map<number, { type: number; start: number; count: number }>();
  for (let i = 0; i < il; i++) {
    const at = 8 + i * 16;
    const offset = buf.readUInt32BE(at + 8);
    if (offset < dl) entries.set(buf.readUInt32BE(at), { type: buf.readUInt32BE(at + 4), start: dataStart + offset, count: buf.readUInt32BE(at + 12) });
  }
  const end = dataStart + dl;
  const base = strings(buf, entries.get(TAG_BASENAMES), end);
  const dirs = strings(buf, entries.get(TAG_DIRNAMES), end);
  const index = entries.get(TAG_DIRINDEXES);
  if (!index || index.type !== TYPE_INT32 || index.count !== base.length || index.start + index.count * 4 > end) return [];
  return base.map((name, i) => `${dirs[buf.readUInt32BE(index.start + i * 4)] ?? ''}${name}`);
}

function strings(buf: Buffer, entry: { type: number; start: number; count: number } | undefined, end: number): string[] {
  if (!entry || entry.type !== TYPE_STRING_ARRAY || entry.count > MAX_FILES) return [];
  const out: string[] = [];
  let at = entry.start;
  for (let i = 0; i < entry.count; i++) {
    const nul = buf.indexOf(0, at);
    if (nul < 0 || nul >= end) return [];
    out.push(buf.toString('utf8', at, nul));
    at = nul + 1;
  }
  return out;
}
