// Branch/call/jump (BCJ) filters of the xz format, decoding direction. Before
// compression, xz rewrote the relative targets of call and branch instructions as
// absolute addresses (the same target then gives the same bytes wherever it is
// called from, which compresses better); decoding turns them back. Linux kernels
// (bzImage, zImage) are xz'd with the filter of their architecture.
// Each filter converts whole instruction units and keeps the bytes of an unfinished
// one for the next piece; at the end those pass through unchanged.
import { FormatError } from '../types.ts';

/** xz filter ids (xz file format 1.2.0, section 5.3). */
export const BcjFilter = { x86: 0x04, powerpc: 0x05, arm: 0x07, armThumb: 0x08 } as const;

/** Converts `buf` in place from `buf`'s first byte at stream position `pos`; returns the bytes converted. */
type Convert = (buf: Buffer, pos: number) => number;

export class BcjDecoder {
  readonly #convert: Convert;
  /** Stream position of the first byte of `#pending`. */
  #pos: number;
  #pending: Buffer = Buffer.alloc(0);

  constructor(filter: number, startOffset = 0) {
    const convert = CONVERTERS[filter];
    if (!convert) throw new FormatError('unsupported', `xz BCJ filter 0x${filter.toString(16)}`);
    this.#convert = convert();
    this.#pos = startOffset;
  }

  /** The decoded bytes that `piece` completes. */
  push(piece: Buffer): Buffer {
    const buf = this.#pending.length === 0 ? Buffer.from(piece) : Buffer.concat([this.#pending, piece]);
    const done = this.#convert(buf, this.#pos);
    this.#pos += done;
    this.#pending = buf.subarray(done);
    return buf.subarray(0, done);
  }

  /** What is left at the end of the stream: too short to hold an instruction, unchanged. */
  end(): Buffer {
    const rest = this.#pending;
    this.#pending = Buffer.alloc(0);
    return rest;
  }
}

const CONVERTERS: Record<number, () => Convert> = {
  [BcjFilter.x86]: x86,
  [BcjFilter.powerpc]: () => aligned(4, 4, powerpcBranch),
  [BcjFilter.arm]: () => aligned(4, 4, armBranch),
  [BcjFilter.armThumb]: () => aligned(2, 4, armThumbBranch),
};

/**
 * Walks `buf` in steps of `step` with a window of `width` bytes; `at` converts the
 * instruction there when it is one and returns how far to move on (0: just `step`).
 */
function aligned(step: number, width: number, at: (buf: Buffer, i: number, pos: number) => number): Convert {
  return (buf, pos) => {
    let i = 0;
    while (i + width <= buf.length) i += at(buf, i, pos + i) || step;
    return i;
  };
}

/** ARM `BL`: a 24-bit word offset from the instruction's address + 8, condition "always". */
function armBranch(buf: Buffer, i: number, pos: number): number {
  if (buf[i + 3] !== 0xeb) return 0;
  const absolute = (((buf[i + 2] ?? 0) << 16) | ((buf[i + 1] ?? 0) << 8) | (buf[i] ?? 0)) << 2;
  const relative = ((absolute - (pos + 8)) >>> 2) & 0xffffff;
  buf[i] = relative & 0xff;
  buf[i + 1] = (relative >>> 8) & 0xff;
  buf[i + 2] = (relative >>> 16) & 0xff;
  return 4;
}

/** Thumb `BL`: a pair of 16-bit halves carrying 22 bits of half-word offset from the address + 4. */
function armThumbBranch(buf: Buffer, i: number, pos: number): number {
  if (((buf[i + 1] ?? 0) & 0xf8) !== 0xf0 || ((buf[i + 3] ?? 0) & 0xf8) !== 0xf8) return 0;
  const absolute = ((((buf[i + 1] ?? 0) & 7) << 19) | ((buf[i] ?? 0) << 11) | (((buf[i + 3] ?? 0) & 7) << 8) | (buf[i + 2] ?? 0)) << 1;
  const relative = (absolute - (pos + 4)) >>> 1;
  buf[i + 1] = 0xf0 | ((relative >>> 19) & 7);
  buf[i] = (relative >>> 11) & 0xff;
  buf[i + 3] = 0xf8 | ((relative >>> 8) & 7);
  buf[i + 2] = relative & 0xff;
  return 4;
}

/** PowerPC `bl` (opcode 18, AA=0, LK=1): a 24-bit word offset, big endian. */
function powerpcBranch(buf: Buffer, i: number, pos: number): number {
  if ((buf[i] ?? 0) >>> 2 !== 0x12 || ((buf[i + 3] ?? 0) & 3) !== 1) return 0;
  const absolute = (((buf[i] ?? 0) & 3) << 24) | ((buf[i + 1] ?? 0) << 16) | ((buf[i + 2] ?? 0) << 8) | ((buf[i + 3] ?? 0) & ~3);
  const relative = (absolute - pos) >>> 0;
  buf[i] = 0x48 | ((relative >>> 24) & 3);
  buf[i + 1] = (relative >>> 16) & 0xff;
  buf[i + 2] = (relative >>> 8) & 0xff;
  buf[i + 3] = ((buf[i + 3] ?? 0) & 3) | (relative & 0xff);
  return 4;
}

/** The high byte of a plausible 32-bit x86 displacement: near zero, forwards or backwards. */
const isNearTarget = (byte: number): boolean => byte === 0x00 || byte === 0xff;
/** Which recent E8/E9 bytes (as a mask of the last three positions) still allow a conversion, and which byte to test. */
const MASK_ALLOWS = [true, true, true, false, true, false, false, false];
const MASK_BYTE = [0, 1, 2, 2, 3, 3, 3, 3];

/**
 * x86 `CALL rel32` (E8) and `JMP rel32` (E9). The encoder only converted a displacement
 * whose high byte is 00 or FF, and kept track of recent E8/E9 bytes that were not
 * converted (`mask`), so decoding must track them the same way to undo exactly the
 * conversions that were made.
 */
function x86(): Convert {
  let mask = 0;
  let lastPos = -5;
  return (buf, pos) => {
    if (buf.length < 5) return 0;
    if (pos - lastPos > 5) lastPos = pos - 5;
    let i = 0;
    while (i <= buf.length - 5) {
      const opcode = buf[i];
      if (opcode !== 0xe8 && opcode !== 0xe9) {
        i++;
        continue;
      }
      const distance = pos + i - lastPos;
      lastPos = pos + i;
      if (distance > 5) mask = 0;
      else for (let k = 0; k < distance; k++) mask = (mask & 0x77) << 1;
      const high = buf[i + 4] ?? 0;
      if (isNearTarget(high) && MASK_ALLOWS[(mask >>> 1) & 7] && mask >>> 1 < 0x10) {
        let value = (high << 24) | ((buf[i + 3] ?? 0) << 16) | ((buf[i + 2] ?? 0) << 8) | (buf[i + 1] ?? 0);
        let target: number;
        for (;;) {
          target = (value - (pos + i + 5)) | 0;
          if (mask === 0) break;
          const shift = 24 - (MASK_BYTE[mask >>> 1] ?? 0) * 8;
          if (!isNearTarget((target >>> shift) & 0xff)) break;
          value = target ^ ((2 ** (shift + 8) - 1) | 0);
        }
        buf[i + 4] = (target >>> 24) & 1 ? 0xff : 0x00;
        buf[i + 3] = (target >>> 16) & 0xff;
        buf[i + 2] = (target >>> 8) & 0xff;
        buf[i + 1] = target & 0xff;
        i += 5;
        mask = 0;
      } else {
        i++;
        mask |= 1;
        if (isNearTarget(high)) mask |= 0x10;
      }
    }
    return i;
  };
}
