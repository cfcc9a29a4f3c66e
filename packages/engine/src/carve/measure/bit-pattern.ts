// Finding a 48-bit magic at any bit offset (bzip2 blocks are not byte aligned).
// For each of the 8 bit shifts the magic fully covers 5 or 6 bytes; those are
// found with the native `indexOf`, and the partial bytes on either side are then
// compared under a mask.

interface ShiftedPattern {
  shift: number;
  /** 7 bytes: the magic shifted right by `shift` bits, and which bits of each byte it covers. */
  bytes: Buffer;
  mask: Buffer;
  /** Index in `bytes` of the first fully covered byte; the key is the fully covered run. */
  keyStart: number;
  key: Buffer;
}

const PATTERN_BYTES = 7;

export function shiftedPatterns(magic: bigint): ShiftedPattern[] {
  const all48 = (1n << 48n) - 1n;
  return Array.from({ length: 8 }, (_, shift) => {
    const bytes = toBytes(magic << BigInt(8 - shift));
    const mask = toBytes(all48 << BigInt(8 - shift));
    const keyStart = shift === 0 ? 0 : 1;
    return { shift, bytes, mask, keyStart, key: bytes.subarray(keyStart, 6) };
  });
}

function toBytes(value: bigint): Buffer {
  const out = Buffer.alloc(PATTERN_BYTES);
  for (let i = PATTERN_BYTES - 1; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

/** Bit offsets (from the buffer's start, first bit = most significant) of the magic, sorted. */
export function findBits(buf: Buffer, patterns: readonly ShiftedPattern[], limitBytes = buf.length): number[] {
  const out: number[] = [];
  for (const p of patterns) {
    for (let at = buf.indexOf(p.key); at !== -1; at = buf.indexOf(p.key, at + 1)) {
      const start = at - p.keyStart;
      if (start < 0 || start >= limitBytes) continue;
      if (matches(buf, start, p)) out.push(start * 8 + p.shift);
    }
  }
  return out.sort((a, b) => a - b);
}

function matches(buf: Buffer, start: number, p: ShiftedPattern): boolean {
  for (let i = 0; i < PATTERN_BYTES; i++) {
    const mask = p.mask[i] ?? 0;
    if (mask === 0) continue;
    if ((((buf[start + i] ?? 0) ^ (p.bytes[i] ?? 0)) & mask) !== 0) return false;
  }
  return true;
}

/** `count` bits (≤ 32) at bit offset `bit` of `buf`, most significant first. */
export function readBits(buf: Buffer, bit: number, count: number): number {
  let value = 0;
  for (let i = 0; i < count; i++) {
    const b = bit + i;
    value = value * 2 + (((buf[b >> 3] ?? 0) >> (7 - (b & 7))) & 1);
  }
  return value;
}
