// Seeded fuzzing for the knowledge base's parsers: mutations of real-format samples
// (flipped bytes, truncations, saturated runs such as 0xffffffff sizes) must end as a
// skip, a failed import or a thrown Error, never as a hang or a non-Error crash.
// Deterministic so that a failure reproduces.

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

/** One mutation of `sample`: flipped bytes, a truncation, an inserted run, or a run set to 0xff or 0x00. */
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

/** `count` mutations of the samples, in turn. */
export function* mutations(samples: readonly Buffer[], count: number, seed: number): Generator<Buffer> {
  const next = rng(seed);
  for (let i = 0; i < count; i++) yield mutate(samples[i % samples.length] ?? Buffer.alloc(0), next);
}

/** Mutations of a text sample, as text (for parsers of JSON and YAML documents). */
export function* textMutations(sample: string, count: number, seed: number): Generator<string> {
  for (const bytes of mutations([Buffer.from(sample)], count, seed)) yield bytes.toString('utf8');
}
