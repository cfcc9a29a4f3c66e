// Adler-32 (RFC 1950), continued across pieces like zlib's adler32(adler, buf).
const MOD = 65521;
/** Bytes summed before a reduction: the largest n with 255n(n+1)/2 + (n+1)(MOD-1) < 2^32. */
const NMAX = 5552;

export function adler32(data: Uint8Array, previous = 1): number {
  let a = previous & 0xffff;
  let b = previous >>> 16;
  for (let i = 0; i < data.length; ) {
    const end = Math.min(data.length, i + NMAX);
    for (; i < end; i++) {
      a += data[i] ?? 0;
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}
