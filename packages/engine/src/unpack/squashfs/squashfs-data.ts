// File data of a SquashFS 4 image: full blocks (compressed, stored or sparse) then
// an optional tail in a fragment block shared by many small files. Blocks are
// decoded ahead of the writer, across file boundaries and in file order, so every
// core decodes while members are hashed and written; only that window (bounded in
// bytes) is ever in memory. Small files need a deep window: a hundred tails may
// share one fragment block, and the next fragment should decode meanwhile.
import { FormatError } from '../types.ts';
import type { Reader } from '../../util/reader.ts';
import { BLOCK_STORED, type Inode } from '../layouts/squashfs-inodes.ts';
import { Lru, type LookupTable } from '../layouts/squashfs-metadata.ts';
import type { BlockDecoder } from './squashfs-blocks.ts';

type FileInode = Extract<Inode, { kind: 'file' }>;
const FRAGMENT_ENTRY_BYTES = 16;
const SIZE_MASK = 0xffffff;
/** Fragment blocks decoded and kept: small files of one directory share a few. */
const FRAGMENT_CACHE = 16;

export interface DataSource {
  reader: Reader;
  /** Image start in the file, and the image length. */
  base: number;
  size: number;
  blockSize: number;
  decode: BlockDecoder;
  fragments: LookupTable | undefined;
}

/** One block to produce: which file (its index in the walk) and how. */
export interface Job {
  file: number;
  /** Bytes it holds in memory until taken: the window is bounded by their sum. */
  bytes: number;
  run: () => Promise<Buffer>;
}

export class BlockReader {
  readonly #src: DataSource;
  readonly #fragmentBlocks = new Lru<number, Promise<Buffer>>(FRAGMENT_CACHE);
  readonly #zeros: Buffer;
  #lastFragment = -1;

  constructor(src: DataSource) {
    this.#src = src;
    this.#zeros = Buffer.alloc(src.blockSize);
  }

  /** The jobs that produce `inode`'s bytes, in order. */
  *jobs(file: number, inode: FileInode): Generator<Job> {
    const { blockSize } = this.#src;
    let at = inode.blocksStart;
    for (let i = 0; i < inode.blockSizes.length; i++) {
      const word = inode.blockSizes[i] ?? 0;
      const length = Math.min(blockSize, inode.size - i * blockSize);
      const where = at;
      yield { file, bytes: length, run: () => this.#block(where, word, length, i) };
      at += word & SIZE_MASK;
    }
    const tail = inode.size - inode.blockSizes.length * blockSize;
    if (inode.fragment === 0xffffffff || tail <= 0) return;
    // A tail keeps its whole fragment block in memory: the first of a run of tails
    // sharing one is charged the block, the others their own bytes.
    const bytes = inode.fragment === this.#lastFragment ? tail : blockSize;
    this.#lastFragment = inode.fragment;
    yield { file, bytes, run: () => this.#tail(inode, tail) };
  }

  async #block(at: number, word: number, length: number, index: number): Promise<Buffer> {
    const onDisk = word & SIZE_MASK;
    if (onDisk === 0) return length === this.#src.blockSize ? this.#zeros : this.#zeros.subarray(0, length);
    const raw = await this.#raw(at, onDisk, `data block ${index}`);
    const out = word & BLOCK_STORED ? raw : await this.#src.decode(raw, this.#src.blockSize);
    if (out.length !== length) throw new FormatError('corrupt', `data block ${index} holds ${out.length} bytes, ${length} expected`);
    return out;
  }

  async #tail(inode: FileInode, length: number): Promise<Buffer> {
    const block = await this.#fragmentBlock(inode.fragment);
    if (inode.fragmentOffset + length > block.length) {
      throw new FormatError('corrupt', `file tail [${inode.fragmentOffset}, +${length}) past fragment ${inode.fragment} of ${block.length} bytes`);
    }
    return block.subarray(inode.fragmentOffset, inode.fragmentOffset + length);
  }

  #fragmentBlock(index: number): Promise<Buffer> {
    let block = this.#fragmentBlocks.get(index);
    if (!block) {
      block = this.#loadFragment(index);
      // A failed fragment is cached too: every file sharing it gets the same problem, once decoded.
      block.catch(() => undefined);
      this.#fragmentBlocks.set(index, block);
    }
    return block;
  }

  async #loadFragment(index: number): Promise<Buffer> {
    const table = this.#src.fragments;
    if (!table) throw new FormatError('corrupt', `fragment ${index} in an image without a fragment table`);
    const entry = await table.entry(index);
    if (entry.length < FRAGMENT_ENTRY_BYTES) throw new FormatError('truncated', `fragment entry ${index} cut short`);
    const { order } = table;
    const start = order.u64(entry, 0);
    const word = order.u32(entry, 8);
    if (start >= BigInt(this.#src.size)) throw new FormatError('corrupt', `fragment ${index} at ${start}, outside the image`);
    const raw = await this.#raw(Number(start), word & SIZE_MASK, `fragment ${index}`);
    return word & BLOCK_STORED ? raw : this.#src.decode(raw, this.#src.blockSize);
  }

  async #raw(at: number, length: number, what: string): Promise<Buffer> {
    const { reader, base, size, blockSize } = this.#src;
    if (length > blockSize) throw new FormatError('corrupt', `${what} of ${length} bytes on disk, over the ${blockSize}-byte block size`);
    if (at + length > size) throw new FormatError('corrupt', `${what} [${at}, +${length}) runs past the ${size}-byte image`);
    const raw = await reader.read(base + at, length);
    if (raw.length < length) throw new FormatError('truncated', `${what} cut short`);
    return raw;
  }
}

/**
 * Runs jobs ahead of their consumer, in order: at most `maxBytes` of output (and at
 * least one job) started and not yet taken. The consumer takes the blocks of one file after another; blocks of a
 * file it skipped (refused by the sink, or failed midway) are dropped.
 */
export class Prefetcher {
  readonly #jobs: Iterator<Job>;
  readonly #maxBytes: number;
  readonly #window: { file: number; bytes: number; block: Promise<Buffer> }[] = [];
  #windowBytes = 0;
  #done = false;

  constructor(jobs: Iterator<Job>, maxBytes: number) {
    this.#jobs = jobs;
    this.#maxBytes = maxBytes;
  }

  #fill(): void {
    while (!this.#done && (this.#window.length === 0 || this.#windowBytes < this.#maxBytes)) {
      const next = this.#jobs.next();
      if (next.done) {
        this.#done = true;
        return;
      }
      const block = next.value.run();
      // A block never taken (its file skipped) must not become an unhandled rejection.
      block.catch(() => undefined);
      this.#window.push({ file: next.value.file, bytes: next.value.bytes, block });
      this.#windowBytes += next.value.bytes;
    }
  }

  #shift(): void {
    const head = this.#window.shift();
    if (head) this.#windowBytes -= head.bytes;
  }

  /** The blocks of file `file`, in order. */
  async *blocks(file: number): AsyncGenerator<Buffer> {
    for (;;) {
      this.#skipBefore(file);
      this.#fill();
      const head = this.#window[0];
      if (head?.file !== file) return;
      this.#shift();
      this.#fill();
      yield await head.block;
    }
  }

  /** Drop what is left of files before `file`. */
  #skipBefore(file: number): void {
    for (;;) {
      this.#fill();
      const head = this.#window[0];
      if (head === undefined || head.file >= file) return;
      this.#shift();
    }
  }
}
