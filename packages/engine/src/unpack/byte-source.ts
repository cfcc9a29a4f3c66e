// Pull-style input for our own decoders (bzip2, lz4, .Z, lzop): a window over a
// chunked stream that grows only as far as a decoder asks, and every ask is
// bounded by the format's own maximum (a block, a group of codes), so memory
// stays flat however large the input is.
import { Readable } from 'node:stream';
import { FormatError } from './types.ts';

export class ByteSource {
  readonly #input: Readable;
  readonly #it: AsyncIterator<Buffer>;
  #buf: Buffer = Buffer.alloc(0);
  #pos = 0;
  #eof = false;
  /** Absolute offset of `#buf[0]` in the stream. */
  #base = 0;

  constructor(input: Readable) {
    this.#input = input;
    this.#it = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** Bytes buffered and not yet consumed. */
  get available(): number {
    return this.#buf.length - this.#pos;
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
      const rest = this.#buf.subarray(this.#pos);
      this.#base += this.#pos;
      this.#buf = rest.length === 0 ? next.value : Buffer.concat([rest, next.value]);
      this.#pos = 0;
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
    const out = this.#buf.subarray(this.#pos, this.#pos + n);
    this.#pos += n;
    return out;
  }

  /** Up to `n` bytes without consuming them. */
  async peek(n: number): Promise<Buffer> {
    await this.fill(n);
    return this.#buf.subarray(this.#pos, this.#pos + Math.min(n, this.available));
  }

  close(): void {
    this.#input.destroy();
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
