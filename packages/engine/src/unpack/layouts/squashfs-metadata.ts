// SquashFS metadata: the inode, directory, fragment and id tables are chains of
// blocks of at most 8 KiB, each behind a 16-bit header (bit 15: stored
// uncompressed, low 15 bits: its length on disk). A position in a table is a
// block's offset from the table start plus an offset inside the decoded block.
// Decoded blocks are kept in a small LRU: a walk touches the same few blocks again and again.
// Big-endian images swap every field of the tables, yet AVM's kernels (and the images
// they ship) keep that 16-bit block header little endian; the store learns the
// header's order from the inode table's first blocks.
import { BIG_ENDIAN, type ByteOrder, LITTLE_ENDIAN } from '../../util/byte-order.ts';
import type { Reader } from '../../util/reader.ts';
import { FormatError } from '../types.ts';

export const METADATA_BYTES = 8192;
const STORED = 0x8000;
/** A table index of 2 M blocks (a billion fragments) is far beyond any real image. */
const MAX_INDEX_BYTES = 16 * 1024 * 1024;
/** Block headers checked to tell their byte order: one could pass in either by chance. */
const HEADER_PROBE_BLOCKS = 4;

export type Decode = (input: Buffer, maxOut: number) => Promise<Buffer>;

/** A bounded least-recently-used map. */
export class Lru<K, V> {
  readonly #max: number;
  readonly #map = new Map<K, V>();

  constructor(max: number) {
    this.#max = max;
  }

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) this.#map.delete(this.#map.keys().next().value as K);
  }
}

interface Block {
  data: Buffer;
  /** Image offset of the next block of the chain. */
  next: number;
}

export class MetadataStore {
  readonly #reader: Reader;
  /** Image start in the file, and the image length. */
  readonly #base: number;
  readonly #size: number;
  readonly #decode: Decode;
  readonly #cache = new Lru<number, Promise<Block>>(256);
  /** The image's byte order, for every structure read from these blocks. */
  readonly order: ByteOrder;
  readonly #headerOrder: ByteOrder;

  constructor(reader: Reader, base: number, size: number, decode: Decode, order: ByteOrder, headerOrder = order) {
    this.order = order;
    this.#headerOrder = headerOrder;
    this.#reader = reader;
    this.#base = base;
    this.#size = size;
    this.#decode = decode;
  }

  /** The decoded metadata block at image offset `at`. */
  block(at: number): Promise<Block> {
    let block = this.#cache.get(at);
    if (!block) {
      block = this.#load(at);
      this.#cache.set(at, block);
    }
    return block;
  }

  async #load(at: number): Promise<Block> {
    if (!Number.isSafeInteger(at) || at < 0 || at + 2 > this.#size) throw new FormatError('corrupt', `SquashFS metadata block at ${at}, outside the image`);
    const head = await this.#reader.read(this.#base + at, 2);
    if (head.length < 2) throw new FormatError('truncated', `SquashFS metadata block at ${at} cut short`);
    const word = this.#headerOrder.u16(head, 0);
    const length = word & ~STORED;
    if (length === 0 || length > METADATA_BYTES) throw new FormatError('corrupt', `SquashFS metadata block at ${at} of ${length} bytes`);
    if (at + 2 + length > this.#size) throw new FormatError('truncated', `SquashFS metadata block at ${at} runs past the image`);
    const raw = await this.#reader.read(this.#base + at + 2, length);
    if (raw.length < length) throw new FormatError('truncated', `SquashFS metadata block at ${at} cut short`);
    const data = word & STORED ? raw : await this.#decode(raw, METADATA_BYTES);
    return { data, next: at + 2 + length };
  }

  /**
   * The byte order of the block headers of a chain from `start` to `end` (the inode
   * table, which the directory table follows): the image's own order or else the other,
   * whichever chains valid headers through the first blocks, or up to `end` exactly.
   */
  static async headerOrder(reader: Reader, base: number, start: number, end: number, order: ByteOrder): Promise<ByteOrder> {
    const other = order.little ? BIG_ENDIAN : LITTLE_ENDIAN;
    for (const candidate of [order, other]) {
      let at = start;
      for (let i = 0; i < HEADER_PROBE_BLOCKS && at < end; i++) {
        const head = await reader.read(base + at, 2);
        const length = head.length < 2 ? 0 : candidate.u16(head, 0) & ~STORED;
        if (length === 0 || length > METADATA_BYTES || at + 2 + length > end) {
          at = -1;
          break;
        }
        at += 2 + length;
      }
      if (at !== -1) return candidate;
    }
    return order;
  }

  /** `length` bytes from `cursor` on, following the chain; the cursor moves past them. */
  async read(cursor: Cursor, length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < length) {
      const block = await this.block(cursor.block);
      if (cursor.offset > block.data.length) throw new FormatError('corrupt', `SquashFS metadata offset ${cursor.offset} past its block at ${cursor.block}`);
      const part = block.data.subarray(cursor.offset, cursor.offset + length - got);
      parts.push(part);
      got += part.length;
      cursor.offset += part.length;
      if (cursor.offset === block.data.length) {
        cursor.block = block.next;
        cursor.offset = 0;
      }
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, got);
  }
}

/** A position in a metadata chain: a block's image offset and an offset in its decoded bytes. */
export interface Cursor {
  block: number;
  offset: number;
}

/**
 * A lookup table (fragment or id table): an array of 64-bit block positions at `at`
 * points at metadata blocks of `entryBytes`-byte entries. Entries are read on demand,
 * so a lying entry count costs nothing until an inode asks for one.
 */
export class LookupTable {
  readonly #store: MetadataStore;
  readonly #index: Buffer;
  readonly #size: number;
  readonly #entryBytes: number;
  readonly count: number;

  private constructor(store: MetadataStore, index: Buffer, size: number, count: number, entryBytes: number) {
    this.#store = store;
    this.#index = index;
    this.#size = size;
    this.count = count;
    this.#entryBytes = entryBytes;
  }

  static async open(store: MetadataStore, reader: Reader, base: number, size: number, at: number, count: number, entryBytes: number): Promise<LookupTable> {
    const blocks = Math.ceil((count * entryBytes) / METADATA_BYTES);
    if (at + blocks * 8 > size || blocks * 8 > MAX_INDEX_BYTES) throw new FormatError('corrupt', `SquashFS table of ${count} entries at ${at} runs past the image`);
    const index = await reader.read(base + at, blocks * 8);
    if (index.length < blocks * 8) throw new FormatError('truncated', `SquashFS table index at ${at} cut short`);
    return new LookupTable(store, index, size, count, entryBytes);
  }

  /** The byte order of the entries. */
  get order(): ByteOrder {
    return this.#store.order;
  }

  async entry(i: number): Promise<Buffer> {
    if (!(i >= 0 && i < this.count)) throw new FormatError('corrupt', `SquashFS table entry ${i} of ${this.count}`);
    const offset = i * this.#entryBytes;
    const position = this.#store.order.u64(this.#index, Math.floor(offset / METADATA_BYTES) * 8);
    if (position >= BigInt(this.#size)) throw new FormatError('corrupt', `SquashFS table block at ${position}, outside the image`);
    const bytes = await this.#store.read({ block: Number(position), offset: offset % METADATA_BYTES }, this.#entryBytes);
    if (bytes.length < this.#entryBytes) throw new FormatError('truncated', `SquashFS table entry ${i} cut short`);
    return bytes;
  }
}
