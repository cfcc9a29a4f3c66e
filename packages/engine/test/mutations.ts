// Seeded input mutation shared by the property tests of every package's parsers:
// deterministic, so that a failure reproduces.

/** xorshift32: a reproducible stream of pseudo-random 32-bit integers. */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** One mutation of `sample`: flipped bytes, a truncation, a splice, or an overwritten length-sized run. */
export function mutate(sample: Buffer, next: () => number): Buffer {
  const out = Buffer.from(sample);
  switch (next() % 4) {
    case 0:
      for (let i = 0, n = 1 + (next() % 8); i < n && out.length > 0; i++) out[next() % out.length] = next() & 0xff;
      return out;
    case 1:
      return out.subarray(0, next() % Math.max(1, out.length));
    case 2: {
      const at = next() % Math.max(1, out.length);
      return Buffer.concat([out.subarray(0, at), Buffer.from([next() & 0xff, next() & 0xff, 0xff, 0xff]), out.subarray(at)]);
    }
    default: {
      const at = next() % Math.max(1, out.length);
      out.fill(next() % 2 ? 0xff : 0x00, at, Math.min(out.length, at + 1 + (next() % 8)));
      return out;
    }
  }
}
