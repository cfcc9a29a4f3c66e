// Read-only walk over a Berkeley DB hash database (the format of rpm's `Packages`
// before rpm 4.16), from Berkeley DB's dbinc/db_page.h and hash/hash_page.c:
// page 0 is the metadata page (magic 0x061561, page size, flags), every hash page
// holds alternating key/data items addressed by an offset array after the page
// header, and a value too big for a page is an H_OFFPAGE item naming the first
// page of a chain of overflow pages. Pages are read one at a time: nothing is
// held beyond the page being read and the value being assembled.

export interface BdbRecord {
  key: Buffer;
  value: Buffer;
}

export interface BdbContent {
  /** The database's byte order: keys written by the host (rpm's instance numbers) follow it. */
  littleEndian: boolean;
  records: BdbRecord[];
  /** Damage limited to one item or page; the other records are kept. */
  problems: string[];
}

export type ReadRange = (offset: number, length: number) => Promise<Buffer>;

const HASH_MAGIC = 0x061561;
const P_HASH_UNSORTED = 2;
const P_OVERFLOW = 7;
const P_HASHMETA = 8;
const P_HASH = 13;
const H_KEYDATA = 1;
const H_OFFPAGE = 3;
const PAGE_HEADER = 26;
/** With DBMETA_CHKSUM, a 2-byte pad and a 4-byte checksum follow the header (aligned to 32). */
const PAGE_HEADER_CHKSUM = 32;
const DBMETA_CHKSUM = 0x01;
/** rpm caps a header at 256 MiB (HEADER_DATA_MAX); a package header over 64 MiB is damage. */
const MAX_VALUE = 64 * 1024 * 1024;
const WINDOW = 1024 * 1024;

/** All key/value pairs of the hash database, or why it is not one. */
export async function readBdbHash(read: ReadRange, size: number): Promise<BdbContent | string> {
  const meta = await read(0, 512);
  if (meta.length < 72) return `file of ${size} bytes is too short for a Berkeley DB metadata page`;
  const littleEndian = meta.readUInt32LE(12) === HASH_MAGIC;
  if (!littleEndian && meta.readUInt32BE(12) !== HASH_MAGIC) return 'not a Berkeley DB hash database (no hash magic at offset 12)';
  const u32 = (buf: Buffer, at: number): number => (littleEndian ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const pageSize = u32(meta, 20);
  // Berkeley DB page sizes are powers of two from 512 bytes to 64 KiB.
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return `invalid page size ${pageSize}`;
  if (meta[25] !== P_HASHMETA) return `page 0 has type ${meta[25]}, not the hash metadata page`;
  if (meta[24] !== 0) return 'encrypted Berkeley DB database';
  const db: Db = {
    read,
    scan: windowed(read),
    pageSize,
    pageCount: Math.floor(size / pageSize),
    overhead: ((meta[26] ?? 0) & DBMETA_CHKSUM) !== 0 ? PAGE_HEADER_CHKSUM : PAGE_HEADER,
    u16: (buf, at) => (littleEndian ? buf.readUInt16LE(at) : buf.readUInt16BE(at)),
    u32,
  };
  const content: BdbContent = { littleEndian, records: [], problems: [] };
  if (db.pageCount * pageSize < size) content.problems.push(`file of ${size} bytes ends inside page ${db.pageCount}`);
  for (let pgno = 1; pgno < db.pageCount; pgno++) {
    const page = await db.scan(pgno * pageSize, pageSize);
    if (page[25] === P_HASH || page[25] === P_HASH_UNSORTED) await readHashPage(db, pgno, page, content);
  }
  return content;
}

interface Db {
  /** Direct reads, for overflow chains (they jump around the file). */
  read: ReadRange;
  /** Windowed reads, for the walk over all pages in file order. */
  scan: ReadRange;
  pageSize: number;
  pageCount: number;
  overhead: number;
  u16(buf: Buffer, at: number): number;
  u32(buf: Buffer, at: number): number;
}

async function readPage(db: Db, pgno: number): Promise<Buffer> {
  return db.read(pgno * db.pageSize, db.pageSize);
}

/** Serves page reads from one cached 1 MiB window: a walk in file order then costs one read per window. */
function windowed(read: ReadRange): ReadRange {
  let start = -1;
  let window: Buffer = Buffer.alloc(0);
  return async (offset, length) => {
    if (length > WINDOW) return read(offset, length);
    if (start < 0 || offset < start || offset + length > start + WINDOW) {
      start = offset - (offset % WINDOW);
      if (offset + length > start + WINDOW) start = offset;
      window = await read(start, WINDOW);
    }
    return window.subarray(offset - start, offset - start + length);
  };
}

/** Items alternate key, data; item i ends where item i-1 starts (the first at the page end). */
async function readHashPage(db: Db, pgno: number, page: Buffer, content: BdbContent): Promise<void> {
  const entries = db.u16(page, 20);
  if (db.overhead + entries * 2 > page.length) {
    content.problems.push(`page ${pgno}: ${entries} entries do not fit the page`);
    return;
  }
  for (let i = 0; i + 1 < entries; i += 2) {
    const key = await readItem(db, page, i);
    const value = await readItem(db, page, i + 1);
    if (typeof key === 'string' || typeof value === 'string') {
      content.problems.push(`page ${pgno} item ${typeof key === 'string' ? i : i + 1}: ${typeof key === 'string' ? key : value}`);
      continue;
    }
    content.records.push({ key, value });
  }
}

async function readItem(db: Db, page: Buffer, index: number): Promise<Buffer | string> {
  const start = db.u16(page, db.overhead + index * 2);
  const end = index === 0 ? db.pageSize : db.u16(page, db.overhead + (index - 1) * 2);
  if (start < db.overhead || start >= end || end > page.length) return `item bounds ${start}..${end} are outside the page`;
  const type = page[start];
  if (type === H_KEYDATA) return page.subarray(start + 1, end);
  if (type === H_OFFPAGE) {
    if (start + 12 > end) return 'overflow reference is cut short';
    return readOverflow(db, db.u32(page, start + 4), db.u32(page, start + 8));
  }
  return `item type ${type} is not supported (duplicates are not used by rpm)`;
}

/** Follows the overflow chain; each page carries its byte count in the header's hf_offset field. */
async function readOverflow(db: Db, first: number, total: number): Promise<Buffer | string> {
  if (total > MAX_VALUE) return `overflow value of ${total} bytes is over ${MAX_VALUE}`;
  const out = Buffer.alloc(total);
  let filled = 0;
  let pgno = first;
  // A chain longer than the file has pages would be a loop.
  for (let steps = 0; filled < total; steps++) {
    if (pgno === 0 || pgno >= db.pageCount || steps >= db.pageCount) return `overflow chain broken at page ${pgno} after ${filled} of ${total} bytes`;
    const page = await readPage(db, pgno);
    if (page[25] !== P_OVERFLOW) return `overflow chain reaches page ${pgno} of type ${page[25]}`;
    const length = db.u16(page, 22);
    if (db.overhead + length > page.length || filled + length > total) return `overflow page ${pgno} declares ${length} bytes`;
    page.copy(out, filled, db.overhead, db.overhead + length);
    filled += length;
    pgno = db.u32(page, 16);
  }
  return out;
}
