// LZMA (the "LZMA1" of .lzma files, 7z and squashfs), after Igor Pavlov's
// LzmaSpec.cpp read as a specification. The caller feeds input windows and
// drains output; the window (dictionary) is the only large allocation.
import { FormatError } from '../types.ts';

const PROB_INIT = 1024;
const END_POS_MODEL_INDEX = 14;
const NUM_FULL_DISTANCES = 128;
const MATCH_MIN_LEN = 2;
const NUM_STATES = 12;

export interface LzmaProps {
  lc: number;
  lp: number;
  pb: number;
  dictSize: number;
}

/** lc/lp/pb from the properties byte; undefined when it is not a valid one. */
export function parsePropsByte(d: number): Omit<LzmaProps, 'dictSize'> | undefined {
  if (d >= 9 * 5 * 5) return undefined;
  return { lc: d % 9, lp: Math.floor(d / 9) % 5, pb: Math.floor(d / 45) };
}

type Probs = Record<'isMatch' | 'isRep' | 'isRepG0' | 'isRepG1' | 'isRepG2' | 'isRep0Long' | 'literal' | 'posSlot' | 'posDecoders' | 'align', Uint16Array>;

function newProbs(n: number): Uint16Array {
  return new Uint16Array(n).fill(PROB_INIT);
}

function makeProbs(props: Omit<LzmaProps, 'dictSize'>): Probs {
  return {
    isMatch: newProbs(NUM_STATES << 4),
    isRep: newProbs(NUM_STATES),
    isRepG0: newProbs(NUM_STATES),
    isRepG1: newProbs(NUM_STATES),
    isRepG2: newProbs(NUM_STATES),
    isRep0Long: newProbs(NUM_STATES << 4),
    literal: newProbs(0x300 << (props.lc + props.lp)),
    posSlot: newProbs(4 << 6),
    posDecoders: newProbs(1 + NUM_FULL_DISTANCES - END_POS_MODEL_INDEX),
    align: newProbs(1 << 4),
  };
}

export class LzmaDecoder {
  /** Input window; `inPos` is the next unread byte. */
  input: Buffer = Buffer.alloc(0);
  inPos = 0;
  /** Output bytes produced since the last `takeOutput`. */
  readonly #out: Uint8Array;
  #outLen = 0;
  readonly #win: Uint8Array;
  #winPos = 0;
  #winFull = false;
  totalPos = 0;
  finished = false;
  #range = 0xffffffff;
  #code = 0;
  #started = false;
  #state = 0;
  #reps = [0, 0, 0, 0];
  /** Bytes of a match still to copy when the output filled up mid-match. */
  #pendingLen = 0;
  #p: LzmaProps;
  #remaining: number;
  #probs: Probs;
  #len: Uint16Array;
  #repLen: Uint16Array;
  /** totalPos at the last dictionary reset: matches may not reach before it. */
  #dictStart = 0;

  /** `unpackSize` -1 when unknown (then an end marker ends the stream). `windowSize` caps the dictionary buffer. */
  constructor(props: LzmaProps, unpackSize: number, windowSize: number, outChunk = 256 * 1024) {
    this.#p = props;
    this.#remaining = unpackSize;
    this.#win = new Uint8Array(Math.max(4096, windowSize));
    this.#out = new Uint8Array(outChunk);
    this.#probs = makeProbs(props);
    this.#len = newProbs(2 + 16 * 8 * 2 + 256);
    this.#repLen = newProbs(2 + 16 * 8 * 2 + 256);
  }

  /** LZMA2: reset probabilities, state and reps, optionally with new lc/lp/pb. */
  resetState(props?: Omit<LzmaProps, 'dictSize'>): void {
    if (props) this.#p = { ...this.#p, ...props };
    this.#probs = makeProbs(this.#p);
    this.#len = newProbs(2 + 16 * 8 * 2 + 256);
    this.#repLen = newProbs(2 + 16 * 8 * 2 + 256);
    this.#state = 0;
    this.#reps = [0, 0, 0, 0];
  }

  /** LZMA2: forget the dictionary. */
  resetDict(): void {
    this.#winPos = 0;
    this.#winFull = false;
    this.#dictStart = this.totalPos;
  }

  /** LZMA2: a new compressed chunk of `unpackSize` bytes with its own range coder. */
  beginChunk(unpackSize: number): void {
    this.#started = false;
    this.#range = 0xffffffff;
    this.#code = 0;
    this.#remaining = unpackSize;
    this.finished = false;
  }

  /** LZMA2: an uncompressed chunk goes to the dictionary; returns it as output (take pending output first). */
  putRaw(data: Buffer): Buffer {
    for (const b of data) {
      this.#win[this.#winPos++] = b;
      if (this.#winPos === this.#win.length) {
        this.#winPos = 0;
        this.#winFull = true;
      }
    }
    this.totalPos += data.length;
    return Buffer.from(data);
  }

  takeOutput(): Buffer {
    const out = Buffer.from(this.#out.subarray(0, this.#outLen));
    this.#outLen = 0;
    return out;
  }

  /**
   * Decode until the output chunk is full, the stream ends, or fewer than `margin`
   * input bytes remain (pass 0 at the end of input: then running out is `truncated`).
   */
  run(margin: number): void {
    if (!this.#started) {
      if (this.input.length - this.inPos < 5) throw new FormatError('truncated', 'LZMA stream shorter than its range coder init');
      if (this.#byte() !== 0) throw new FormatError('corrupt', 'LZMA range coder does not start with 0');
      for (let i = 0; i < 4; i++) this.#code = ((this.#code << 8) | this.#byte()) >>> 0;
      if (this.#code === this.#range) throw new FormatError('corrupt', 'LZMA range coder init');
      this.#started = true;
    }
    while (!this.finished && this.#outLen < this.#out.length && this.input.length - this.inPos >= margin) {
      if (this.#pendingLen > 0) {
        this.#copyMatch();
        continue;
      }
      if (this.#remaining === 0) {
        this.finished = true; // sized stream complete (an end marker may follow; not required)
        break;
      }
      this.#step();
    }
  }

  #step(): void {
    const { pb, lp, lc } = this.#p;
    const pr = this.#probs;
    const posState = this.totalPos & ((1 << pb) - 1);
    const s = this.#state;
    if (this.#bit(pr.isMatch, (s << 4) + posState) === 0) {
      const prev = this.#winByte(1);
      const litState = ((this.totalPos & ((1 << lp) - 1)) << lc) + (prev >> (8 - lc));
      const base = 0x300 * litState;
      let symbol = 1;
      if (s >= 7) {
        let matchByte = this.#winByte((this.#reps[0] ?? 0) + 1);
        do {
          const matchBit = (matchByte >> 7) & 1;
          matchByte <<= 1;
          const bit = this.#bit(pr.literal, base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | bit;
          if (matchBit !== bit) break;
        } while (symbol < 0x100);
      }
      while (symbol < 0x100) symbol = (symbol << 1) | this.#bit(pr.literal, base + symbol);
      this.#put(symbol - 0x100);
      this.#state = s < 4 ? 0 : s < 10 ? s - 3 : s - 6;
      return;
    }
    let len: number;
    const reps = this.#reps;
    if (this.#bit(pr.isRep, s) !== 0) {
      if (this.totalPos === this.#dictStart) throw new FormatError('corrupt', 'LZMA repeat match before any output');
      if (this.#bit(pr.isRepG0, s) === 0) {
        if (this.#bit(pr.isRep0Long, (s << 4) + posState) === 0) {
          this.#state = s < 7 ? 9 : 11;
          this.#put(this.#winByte((reps[0] ?? 0) + 1));
          return;
        }
      } else {
        let dist: number;
        if (this.#bit(pr.isRepG1, s) === 0) dist = reps[1] ?? 0;
        else {
          if (this.#bit(pr.isRepG2, s) === 0) dist = reps[2] ?? 0;
          else {
            dist = reps[3] ?? 0;
            reps[3] = reps[2] ?? 0;
          }
          reps[2] = reps[1] ?? 0;
        }
        reps[1] = reps[0] ?? 0;
        reps[0] = dist;
      }
      len = this.#decodeLen(this.#repLen, posState);
      this.#state = s < 7 ? 8 : 11;
    } else {
      reps[3] = reps[2] ?? 0;
      reps[2] = reps[1] ?? 0;
      reps[1] = reps[0] ?? 0;
      len = this.#decodeLen(this.#len, posState);
      this.#state = s < 7 ? 7 : 10;
      const dist = this.#decodeDistance(len);
      if (dist === 0xffffffff) {
        this.finished = true; // end marker
        return;
      }
      reps[0] = dist;
      const available = this.#winFull ? this.#win.length : Math.min(this.#winPos, this.totalPos - this.#dictStart);
      if (dist >= this.#p.dictSize || dist >= available) {
        throw new FormatError('corrupt', `LZMA match distance ${dist + 1} beyond the ${available} bytes decoded (window ${this.#win.length})`);
      }
    }
    this.#pendingLen = len + MATCH_MIN_LEN;
    if (this.#remaining >= 0 && this.#pendingLen > this.#remaining) {
      throw new FormatError('corrupt', 'LZMA match runs past the declared size');
    }
  }

  #copyMatch(): void {
    const dist = (this.#reps[0] ?? 0) + 1;
    while (this.#pendingLen > 0 && this.#outLen < this.#out.length) {
      this.#put(this.#winByte(dist));
      this.#pendingLen--;
    }
  }

  #put(b: number): void {
    this.#win[this.#winPos++] = b;
    if (this.#winPos === this.#win.length) {
      this.#winPos = 0;
      this.#winFull = true;
    }
    this.#out[this.#outLen++] = b;
    this.totalPos++;
    if (this.#remaining > 0) this.#remaining--;
  }

  /** The byte `dist` positions back (1 = the last one); 0 before any output. */
  #winByte(dist: number): number {
    if (dist > this.totalPos - this.#dictStart) return 0;
    let i = this.#winPos - dist;
    if (i < 0) i += this.#win.length;
    return this.#win[i] ?? 0;
  }

  #decodeLen(probs: Uint16Array, posState: number): number {
    if (this.#bit(probs, 0) === 0) return this.#tree(probs, 2 + posState * 8, 3);
    if (this.#bit(probs, 1) === 0) return 8 + this.#tree(probs, 2 + 128 + posState * 8, 3);
    return 16 + this.#tree(probs, 2 + 256, 8);
  }

  #decodeDistance(len: number): number {
    const lenState = Math.min(len, 3);
    const posSlot = this.#tree(this.#probs.posSlot, lenState << 6, 6);
    if (posSlot < 4) return posSlot;
    const numDirect = (posSlot >> 1) - 1;
    let dist = ((2 | (posSlot & 1)) << numDirect) >>> 0;
    if (posSlot < END_POS_MODEL_INDEX) return (dist + this.#reverseTree(this.#probs.posDecoders, dist - posSlot, numDirect)) >>> 0;
    dist = (dist + this.#direct(numDirect - 4) * 16) >>> 0;
    return (dist + this.#reverseTree(this.#probs.align, 0, 4)) >>> 0;
  }

  #tree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + this.#bit(probs, base + m);
    return m - (1 << bits);
  }

  #reverseTree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    let sym = 0;
    for (let i = 0; i < bits; i++) {
      const bit = this.#bit(probs, base + m);
      m = (m << 1) + bit;
      sym |= bit << i;
    }
    return sym;
  }

  #direct(bits: number): number {
    let res = 0;
    for (let i = 0; i < bits; i++) {
      this.#range = this.#range >>> 1;
      let bit = 0;
      if (this.#code >= this.#range) {
        this.#code = (this.#code - this.#range) >>> 0;
        bit = 1;
      }
      res = ((res << 1) | bit) >>> 0;
      this.#normalize();
    }
    return res;
  }

  #bit(probs: Uint16Array, i: number): number {
    const p = probs[i] ?? PROB_INIT;
    const bound = ((this.#range >>> 11) * p) >>> 0;
    let bit: number;
    if (this.#code < bound) {
      this.#range = bound;
      probs[i] = p + ((2048 - p) >> 5);
      bit = 0;
    } else {
      this.#range = (this.#range - bound) >>> 0;
      this.#code = (this.#code - bound) >>> 0;
      probs[i] = p - (p >> 5);
      bit = 1;
    }
    this.#normalize();
    return bit;
  }

  #normalize(): void {
    if (this.#range < 0x1000000) {
      this.#range = (this.#range << 8) >>> 0;
      this.#code = ((this.#code << 8) | this.#byte()) >>> 0;
    }
  }

  #byte(): number {
    if (this.inPos >= this.input.length) throw new FormatError('truncated', 'LZMA stream ends early');
    return this.input[this.inPos++] ?? 0;
  }
}
