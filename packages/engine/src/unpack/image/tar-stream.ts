// Walks a tar that arrives as a stream (an image layer, often gzip- or
// zstd-compressed): headers are parsed as they come and each member's data is
// handed out as a Readable of exactly its size. Memory stays one chunk deep.
import { Readable } from 'node:stream';
import { ByteSource } from '../byte-source.ts';
import { parseHeader, parsePax, verifyChecksum } from '../layouts/tar-header.ts';
import { FormatError } from '../types.ts';

const BLOCK = 512;
const MAX_META = 1024 * 1024;
const PIECE = 64 * 1024;

export interface StreamEntry {
  path: string;
  linkName: string;
  size: number;
  /** Tar type flag: `0` file, `1` hard link, `2` symlink, `5` directory... */
  type: string;
  /** The member's data; call at most once, before asking for the next entry. */
  open(): Readable;
  /**
   * All of the member's data in one buffer of its own, when it is at most `limit` bytes
   * and all there; otherwise undefined, and nothing was read (`open` still gives it all).
   */
  readWhole(limit: number): Promise<Buffer | undefined>;
}

/**
 * Every member of the tar in `input`, in order. The consumer may read an entry's
 * data or not: what is left of it is skipped before the next header is read.
 */
export async function* walkTarStream(input: Readable, signal: AbortSignal): AsyncGenerator<StreamEntry> {
  const source = new ByteSource(input);
  try {
    let pending: { path?: string; linkPath?: string; size?: number } = {};
    for (;;) {
      signal.throwIfAborted();
      const have = await source.fill(BLOCK);
      if (have === 0) return; // no end-of-archive marker: tolerated (many writers omit it)
      const block = await source.take(BLOCK, 'a tar header');
      if (block.every((b) => b === 0)) return;
      if (!verifyChecksum(block)) throw new FormatError('checksum-mismatch', `layer tar header at ${source.offset - BLOCK} has a bad checksum`);
      const header = parseHeader(block);
      if (header === undefined) throw new FormatError('malformed', `layer tar header at ${source.offset - BLOCK} has a bad size field`);
      const padding = (BLOCK - (header.size % BLOCK)) % BLOCK;
      if (header.type === 'L' || header.type === 'K' || header.type === 'x' || header.type === 'g') {
        if (header.size > MAX_META) throw new FormatError('malformed', `layer tar "${header.type}" header of ${header.size} bytes`);
        const meta = await source.take(header.size, 'a tar long-name header');
        await skip(source, padding);
        const text = meta.toString('utf8').replace(/\0.*$/s, '');
        if (header.type === 'L') pending.path = text;
        else if (header.type === 'K') pending.linkPath = text;
        else if (header.type === 'x') pending = { ...pending, ...paxOverrides(meta) };
        continue;
      }
      const size = pending.size ?? header.size;
      const body = new Body(source, size);
      yield {
        path: pending.path ?? header.path,
        linkName: pending.linkPath ?? header.linkName,
        size,
        type: header.type,
        open: () => body.stream(),
        readWhole: (limit) => body.whole(limit),
      };
      pending = {};
      await body.settled();
      await skip(source, body.remaining + (BLOCK - (size % BLOCK)) % BLOCK);
    }
  } finally {
    source.close();
  }
}

/** One member's data, read from the shared source; tracks how much is left unread. */
class Body {
  readonly #source: ByteSource;
  remaining: number;
  #inflight: Promise<void> = Promise.resolve();

  constructor(source: ByteSource, size: number) {
    this.#source = source;
    this.remaining = size;
  }

  stream(): Readable {
    const readable: Readable = new Readable({
      read: () => {
        this.#inflight = this.#piece().then(
          (piece) => void readable.push(piece),
          (err: unknown) => void readable.destroy(err as Error),
        );
      },
    });
    return readable;
  }

  async whole(limit: number): Promise<Buffer | undefined> {
    const size = this.remaining;
    if (size > limit || (await this.#source.fill(size)) < size) return undefined;
    this.remaining = 0;
    // A copy: the piece is a view of the source's buffer, which must not be kept alive.
    return Buffer.from(this.#source.takeBuffered(size));
  }

  /** Waits for a read in progress, so the walk never reads the source twice at once. */
  settled(): Promise<void> {
    return this.#inflight;
  }

  async #piece(): Promise<Buffer | null> {
    if (this.remaining === 0) return null;
    const n = await this.#source.fill(Math.min(this.remaining, PIECE));
    if (n === 0) throw new FormatError('truncated', `layer tar ends with ${this.remaining} bytes of a member missing`);
    const piece = this.#source.takeBuffered(Math.min(n, this.remaining));
    this.remaining -= piece.length;
    return piece;
  }
}

async function skip(source: ByteSource, n: number): Promise<void> {
  let left = n;
  while (left > 0) {
    const have = await source.fill(Math.min(left, 1024 * 1024));
    if (have === 0) throw new FormatError('truncated', 'layer tar ends inside a member');
    left -= source.takeBuffered(Math.min(have, left)).length;
  }
}

function paxOverrides(meta: Buffer): { path?: string; linkPath?: string; size?: number } {
  const records = parsePax(meta);
  if (records === undefined) throw new FormatError('malformed', 'layer PAX header records do not parse');
  const out: { path?: string; linkPath?: string; size?: number } = {};
  if (records.path !== undefined) out.path = records.path;
  if (records.linkpath !== undefined) out.linkPath = records.linkpath;
  // PAX size is decimal, sample `size=8589934592`.
  if (records.size !== undefined && /^\d+$/.test(records.size)) out.size = Number(records.size);
  return out;
}
