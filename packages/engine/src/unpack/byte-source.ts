// Pull-style input for our own decoders (bzip2, lz4, .Z, lzop): a window over a
// chunked stream that grows only as far as a decoder asks, and every ask is
// bounded by the format's own maximum (a block, a group of codes), so memory
// stays flat however large the input is.
import { Readable } from 'node:stream';
import { FormatError } from './types.ts';

export class ByteSource {
  readonly #input: Readable;
  readonly #it: AsyncIterator<Buffer>;
  /** The chunk being read, from `#pos`; the chunks after it wait in `#queued`, not joined to it. */
  #buf: Buffer = Buffer.alloc(0);
  #pos = 0;
  #queued: Buffer[] = [];
  #queuedBytes = 0;
  #eof = false;
  /** Absolute offset of `#buf[0]` in the stream. */
  #base = 0;

  constructor(input: Readable) {
    this.#input = input;
    this.#it = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** Bytes buffered and not yet consumed. */
  get available(): number {
    return this.#buf.length - this.#pos + this.#queuedBytes;
  }

  /** Offset in the stream of the next unconsumed byte. */
  get offset(): number {
    return this.#base + this.#pos;
  }

  get eof(): boolean {
    return this.#eof && this.available === 0;
  }

  /** Buffer until `n` bytes are available or the input ends; returns what is available. */
  async fill(n: number): Promise<number> {
    while (this.available < n && !this.#eof) {
      const next = await this.#it.next();
      if (next.done) {
        this.#eof = true;
        break;
      }
      // Queued, not joined to the chunk being read: a small read across the two copies only
      // itself (#contiguous), where joining them would copy the whole new chunk each time.
      this.#queued.push(next.value);
      this.#queuedBytes += next.value.length;
    }
    return this.available;
  }

  /** Exactly `n` bytes, or a `truncated` FormatError naming `what`. */
  async take(n: number, what: string): Promise<Buffer> {
    if ((await this.fill(n)) < n) throw new FormatError('truncated', `input ends inside ${what} at ${this.offset}`);
    return this.takeBuffered(n);
  }

  /** The next `n` buffered bytes (n ≤ available), consumed. */
  takeBuffered(n: number): Buffer {
    this.#contiguous(n);
    const out = this.#buf.subarray(this.#pos, this.#pos + n);
    this.#pos += n;
    return out;
  }

  /** Up to `n` bytes without consuming them. */
  async peek(n: number): Promise<Buffer> {
    await this.fill(n);
    const length = Math.min(n, this.available);
    this.#contiguous(length);
    return this.#buf.subarray(this.#pos, this.#pos + length);
  }

  close(): void {
    this.#input.destroy();
  }

  /** Makes the next `n` buffered bytes (n ≤ available) one piece of `#buf`, copying them only when they span chunks. */
  #contiguous(n: number): void {
    if (this.#pos === this.#buf.length && this.#queued.length > 0) {
      this.#base += this.#buf.length;
      this.#buf = this.#queued.shift() as Buffer;
      this.#queuedBytes -= this.#buf.length;
      this.#pos = 0;
    }
    const inBuf = this.#buf.length - this.#pos;
    if (n <= inBuf) return;
    const joined = Buffer.allocUnsafe(n);
    this.#buf.copy(joined, 0, this.#pos);
    for (let at = inBuf; at < n; ) {
      const chunk = this.#queued[0] as Buffer;
      const part = Math.min(chunk.length, n - at);
      chunk.copy(joined, at, 0, part);
      at += part;
      this.#queuedBytes -= part;
      if (part === chunk.length) this.#queued.shift();
      else this.#queued[0] = chunk.subarray(part);
    }
    this.#base += this.#pos;
    this.#buf = joined;
    this.#pos = 0;
  }
}

/**
 * A Readable of what `decode` yields from `input`; the input is closed when the
 * output ends early (a limit) or fails. Decoders throw FormatError for bad data.
 */
export function decoderStream(input: Readable, decode: (source: ByteSource) => AsyncGenerator<Buffer>): Readable {
  async function* run(): AsyncGenerator<Buffer> {
    const source = new ByteSource(input);
    try {
      yield* decode(source);
    } finally {
      source.close();
    }
  }
  return Readable.from(run(), { objectMode: false });
}

/** Collects small output pieces into chunks of about `size` bytes before yielding. */
export class OutputBuffer {
  readonly #chunk: Buffer;
  #len = 0;

  constructor(size = 256 * 1024) {
    this.#chunk = Buffer.alloc(size);
  }

  get full(): boolean {
    return this.#len >= this.#chunk.length;
  }

  push(byte: number): void {
    this.#chunk[this.#len++] = byte;
  }

  /** The collected bytes as a fresh buffer (the internal one is reused). */
  flush(): Buffer {
    const out = Buffer.from(this.#chunk.subarray(0, this.#len));
    this.#len = 0;
    return out;
  }

  get length(): number {
    return this.#len;
  }
}
