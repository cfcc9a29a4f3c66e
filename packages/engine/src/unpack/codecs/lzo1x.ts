// LZO1X decompression (lzop, UBIFS, SquashFS, JFFS2), the "safe" variant: every
// input and output position is checked before use, so a hostile stream fails with
// a FormatError instead of reading or writing out of bounds. The output size is
// known to every caller (lzop block header, UBIFS data node), so it is the bound.
import { FormatError } from '../types.ts';

/** Offset added to a 3-byte match that follows a literal run (M2_MAX_OFFSET + 1). */
const AFTER_RUN_DISTANCE = 0x0801;
/** The M4 distance base; a zero distance there is the end-of-stream marker. */
const M4_BASE = 0x4000;

/**
 * Decode one complete LZO1X stream into at most `maxOut` bytes. The stream must end
 * with its end marker and be consumed exactly.
 */
export function lzo1xDecompress(input: Uint8Array, maxOut: number): Buffer {
  const out = Buffer.alloc(maxOut);
  let ip = 0;
  let op = 0;
  const fail = (why: string): never => {
    throw new FormatError('corrupt', `LZO1X stream: ${why} at input byte ${ip}`);
  };
  const byte = (): number => {
    if (ip >= input.length) fail('input ends early');
    return input[ip++] ?? 0;
  };
  /** A length continued in zero bytes (each worth 255) and one final non-zero byte. */
  const extended = (base: number): number => {
    let total = base;
    for (let b = byte(); b === 0; b = byte()) {
      total += 255;
      if (total > maxOut) fail('length larger than the output');
    }
    return total + (input[ip - 1] ?? 0);
  };
  const literals = (n: number): void => {
    if (ip + n > input.length) fail('literals run past the input');
    if (op + n > maxOut) fail('output larger than expected');
    out.set(input.subarray(ip, ip + n), op);
    ip += n;
    op += n;
  };
  const match = (distance: number, length: number): void => {
    if (distance <= 0 || distance > op) fail(`match distance ${distance} before the output start`);
    if (op + length > maxOut) fail('output larger than expected');
    // Byte by byte: a match may overlap the bytes it produces (a run).
    for (let i = 0; i < length; i++, op++) out[op] = out[op - distance] ?? 0;
  };

  // state: literals copied just before (0 none, 1-3 trailing literals, 4 a literal run).
  let state = 0;
  if ((input[0] ?? 0) > 17) {
    const t = byte() - 17;
    literals(t);
    state = t < 4 ? t : 4;
  }
  for (;;) {
    const t = byte();
    let next: number;
    if (t < 16) {
      if (state === 0) {
        literals((t === 0 ? extended(15) : t) + 3);
        state = 4;
        continue;
      }
      next = t & 3;
      const low = byte();
      if (state === 4) match(AFTER_RUN_DISTANCE + (t >> 2) + (low << 2), 3);
      else match(1 + (t >> 2) + (low << 2), 2);
    } else if (t >= 64) {
      next = t & 3;
      const low = byte();
      match(1 + ((t >> 2) & 7) + (low << 3), (t >> 5) + 1);
    } else if (t >= 32) {
      const length = ((t & 31) === 0 ? extended(31) : t & 31) + 2;
      const word = byte() | (byte() << 8);
      next = word & 3;
      match(1 + (word >> 2), length);
    } else {
      const length = ((t & 7) === 0 ? extended(7) : t & 7) + 2;
      const word = byte() | (byte() << 8);
      next = word & 3;
      const distance = ((t & 8) << 11) + (word >> 2);
      if (distance === 0) break; // end-of-stream marker
      match(distance + M4_BASE, length);
    }
    literals(next);
    state = next;
  }
  if (ip !== input.length) fail(`${input.length - ip} bytes after the end marker`);
  return out.subarray(0, op);
}
