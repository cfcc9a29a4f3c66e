// One bzip2 block (bzip2 1.0.x decompress.c, read as a specification): tables,
// Huffman-coded MTF/RLE2 symbols, inverse BWT, then RLE1 on output. Every count
// read from the input is checked before it is used as an index or a length.
import { FormatError } from '../types.ts';

const RUNA = 0;
const RUNB = 1;
const GROUP_SIZE = 50;
const MAX_CODE_LEN = 20;
/** bzip2 1.0.8 reads at most this many selectors and ignores the rest (CVE-2019-12900). */
const MAX_SELECTORS = 18002;
const OUT_CHUNK = 256 * 1024;
const CRC_TABLE = makeCrcTable();

/** Most-significant-bit-first reader over a window that holds at least one whole block. */
export class BitReader {
  readonly #buf: Buffer;
  #pos: number;

  constructor(buf: Buffer, bitOffset: number) {
    this.#buf = buf;
    this.#pos = bitOffset;
  }

  get bytePos(): number {
    return this.#pos >> 3;
  }

  get bitOffset(): number {
    return this.#pos & 7;
  }

  /** Up to 32 bits. */
  read(n: number): number {
    if (this.#pos + n > this.#buf.length * 8) throw new FormatError('truncated', 'bzip2 stream ends inside a block');
    let v = 0;
    let need = n;
    while (need > 0) {
      const byte = this.#buf[this.#pos >> 3] ?? 0;
      const avail = 8 - (this.#pos & 7);
      const take = Math.min(avail, need);
      v = v * (1 << take) + ((byte >> (avail - take)) & ((1 << take) - 1));
      this.#pos += take;
      need -= take;
    }
    return v;
  }

  read48(): number {
    return this.read(24) * 2 ** 24 + this.read(24);
  }
}

interface HuffmanTable {
  minLen: number;
  limit: Int32Array;
  base: Int32Array;
  perm: Int32Array;
}

/** Decode one block (after its magic) and yield its output in chunks; throws on a CRC mismatch. */
export function* decodeBlock(bits: BitReader, tt: Uint32Array, blockSize: number): Generator<Buffer> {
  const storedCrc = bits.read(32);
  if (bits.read(1)) throw new FormatError('unsupported', 'randomised bzip2 block (bzip2 < 0.9.5)');
  const origPtr = bits.read(24);
  const seqToUnseq = readUsedBytes(bits);
  const alphaSize = seqToUnseq.length + 2;
  const nGroups = bits.read(3);
  if (nGroups < 2 || nGroups > 6) throw new FormatError('corrupt', `bzip2 Huffman group count ${nGroups}`);
  const selectors = readSelectors(bits, nGroups);
  const tables: HuffmanTable[] = [];
  for (let t = 0; t < nGroups; t++) tables.push(makeTable(readCodeLengths(bits, alphaSize), alphaSize));
  const counts = new Uint32Array(256);
  const nblock = readSymbols(bits, { tt, blockSize, selectors, tables, seqToUnseq, counts, alphaSize });
  if (origPtr >= nblock) throw new FormatError('corrupt', `bzip2 origPtr ${origPtr} outside a block of ${nblock}`);
  yield* inverseBwt(tt, nblock, origPtr, counts, storedCrc);
}

function readUsedBytes(bits: BitReader): number[] {
  const used16 = bits.read(16);
  const seqToUnseq: number[] = [];
  for (let i = 0; i < 16; i++) {
    if (!(used16 & (0x8000 >> i))) continue;
    const v = bits.read(16);
    for (let j = 0; j < 16; j++) if (v & (0x8000 >> j)) seqToUnseq.push(i * 16 + j);
  }
  if (seqToUnseq.length === 0) throw new FormatError('corrupt', 'bzip2 block uses no byte values');
  return seqToUnseq;
}

function readSelectors(bits: BitReader, nGroups: number): Uint8Array {
  const nSelectors = bits.read(15);
  if (nSelectors < 1) throw new FormatError('corrupt', 'bzip2 block has no selectors');
  const kept = Math.min(nSelectors, MAX_SELECTORS);
  const selectors = new Uint8Array(kept);
  const mtf = [0, 1, 2, 3, 4, 5].slice(0, nGroups);
  for (let i = 0; i < nSelectors; i++) {
    let j = 0;
    while (bits.read(1)) {
      if (++j >= nGroups) throw new FormatError('corrupt', 'bzip2 selector out of range');
    }
    if (i >= kept) continue;
    const v = mtf[j] ?? 0;
    mtf.splice(j, 1);
    mtf.unshift(v);
    selectors[i] = v;
  }
  return selectors;
}

function readCodeLengths(bits: BitReader, alphaSize: number): Uint8Array {
  const lengths = new Uint8Array(alphaSize);
  let curr = bits.read(5);
  for (let i = 0; i < alphaSize; i++) {
    for (;;) {
      if (curr < 1 || curr > MAX_CODE_LEN) throw new FormatError('corrupt', `bzip2 code length ${curr}`);
      if (!bits.read(1)) break;
      curr += bits.read(1) ? -1 : 1;
    }
    lengths[i] = curr;
  }
  return lengths;
}

function makeTable(lengths: Uint8Array, alphaSize: number): HuffmanTable {
  let minLen = 32;
  let maxLen = 0;
  for (const l of lengths) {
    minLen = Math.min(minLen, l);
    maxLen = Math.max(maxLen, l);
  }
  const perm = new Int32Array(alphaSize);
  let pp = 0;
  for (let i = minLen; i <= maxLen; i++) for (let j = 0; j < alphaSize; j++) if (lengths[j] === i) perm[pp++] = j;
  const base = new Int32Array(MAX_CODE_LEN + 3);
  for (const l of lengths) base[l + 1] = (base[l + 1] ?? 0) + 1;
  for (let i = 1; i < base.length; i++) base[i] = (base[i] ?? 0) + (base[i - 1] ?? 0);
  const limit = new Int32Array(MAX_CODE_LEN + 2).fill(-1);
  let vec = 0;
  for (let i = minLen; i <= maxLen; i++) {
    vec += (base[i + 1] ?? 0) - (base[i] ?? 0);
    limit[i] = vec - 1;
    vec <<= 1;
  }
  for (let i = minLen + 1; i <= maxLen; i++) base[i] = (((limit[i - 1] ?? 0) + 1) << 1) - (base[i] ?? 0);
  return { minLen, limit, base, perm };
}

interface SymbolState {
  tt: Uint32Array;
  blockSize: number;
  selectors: Uint8Array;
  tables: HuffmanTable[];
  seqToUnseq: number[];
  counts: Uint32Array;
  alphaSize: number;
}

/** MTF + RLE2 symbols into tt; returns the block length. */
function readSymbols(bits: BitReader, s: SymbolState): number {
  const eob = s.alphaSize - 1;
  const mtf = Array.from(s.seqToUnseq.keys());
  let group = -1;
  let groupLeft = 0;
  let table: HuffmanTable | undefined;
  const next = (): number => {
    if (groupLeft === 0) {
      group++;
      if (group >= s.selectors.length) throw new FormatError('corrupt', 'bzip2 block runs past its selectors');
      table = s.tables[s.selectors[group] ?? 0];
      groupLeft = GROUP_SIZE;
    }
    groupLeft--;
    return decodeSymbol(bits, table as HuffmanTable, s.alphaSize);
  };
  let nblock = 0;
  let sym = next();
  while (sym !== eob) {
    if (sym === RUNA || sym === RUNB) {
      let run = 0;
      let n = 1;
      while (sym === RUNA || sym === RUNB) {
        run += sym === RUNA ? n : 2 * n;
        n *= 2;
        if (run > s.blockSize) throw new FormatError('corrupt', 'bzip2 run longer than the block');
        sym = next();
      }
      const byte = s.seqToUnseq[mtf[0] ?? 0] ?? 0;
      if (nblock + run > s.blockSize) throw new FormatError('corrupt', 'bzip2 block longer than its declared size');
      s.counts[byte] = (s.counts[byte] ?? 0) + run;
      s.tt.fill(byte, nblock, nblock + run);
      nblock += run;
      continue;
    }
    if (nblock >= s.blockSize) throw new FormatError('corrupt', 'bzip2 block longer than its declared size');
    const index = sym - 1;
    const v = mtf[index] ?? 0;
    mtf.splice(index, 1);
    mtf.unshift(v);
    const byte = s.seqToUnseq[v] ?? 0;
    s.counts[byte] = (s.counts[byte] ?? 0) + 1;
    s.tt[nblock++] = byte;
    sym = next();
  }
  return nblock;
}

function decodeSymbol(bits: BitReader, t: HuffmanTable, alphaSize: number): number {
  let len = t.minLen;
  let code = bits.read(len);
  while (code > (t.limit[len] ?? -1)) {
    if (++len > MAX_CODE_LEN) throw new FormatError('corrupt', 'bzip2 Huffman code too long');
    code = code * 2 + bits.read(1);
  }
  const index = code - (t.base[len] ?? 0);
  if (index < 0 || index >= alphaSize) throw new FormatError('corrupt', 'bzip2 Huffman code out of range');
  return t.perm[index] ?? 0;
}

/** Inverse BWT with RLE1 (4 equal bytes + a count byte), CRC-checked. */
function* inverseBwt(tt: Uint32Array, nblock: number, origPtr: number, counts: Uint32Array, storedCrc: number): Generator<Buffer> {
  const cftab = new Uint32Array(257);
  for (let i = 0; i < 256; i++) cftab[i + 1] = (cftab[i] ?? 0) + (counts[i] ?? 0);
  for (let i = 0; i < nblock; i++) {
    const uc = (tt[i] ?? 0) & 0xff;
    const at = cftab[uc] ?? 0;
    tt[at] = (tt[at] ?? 0) | (i << 8);
    cftab[uc] = at + 1;
  }
  let tPos = (tt[origPtr] ?? 0) >>> 8;
  let crc = 0xffffffff;
  const out = Buffer.alloc(OUT_CHUNK + 256);
  let len = 0;
  let last = -1;
  let run = 0;
  for (let k = 0; k < nblock; k++) {
    tPos = tt[tPos] ?? 0;
    const ch = tPos & 0xff;
    tPos >>>= 8;
    if (run === 4) {
      for (let r = 0; r < ch; r++) out[len++] = last;
      run = 0;
    } else {
      if (ch === last) run++;
      else {
        last = ch;
        run = 1;
      }
      out[len++] = ch;
    }
    if (len >= OUT_CHUNK) {
      crc = updateCrc(crc, out, len);
      yield Buffer.from(out.subarray(0, len));
      len = 0;
    }
  }
  crc = updateCrc(crc, out, len);
  if (len > 0) yield Buffer.from(out.subarray(0, len));
  if ((~crc >>> 0) !== storedCrc) throw new FormatError('checksum-mismatch', 'bzip2 block CRC does not match its data');
}

function updateCrc(crc: number, buf: Buffer, len: number): number {
  let c = crc;
  for (let i = 0; i < len; i++) c = ((c << 8) ^ (CRC_TABLE[((c >>> 24) ^ (buf[i] ?? 0)) & 0xff] ?? 0)) >>> 0;
  return c;
}

function makeCrcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[i] = c >>> 0;
  }
  return table;
}
