// Seeded fuzzing for the knowledge base's parsers: mutations of real-format samples
// (flipped bytes, truncations, saturated runs such as 0xffffffff sizes) must end as a
// skip, a failed import or a thrown Error, never as a hang or a non-Error crash.
// Deterministic so that a failure reproduces.

import { mutate, rng } from '../../engine/test/mutations.ts';

export { mutate, rng };

/** `count` mutations of the samples, in turn. */
export function* mutations(samples: readonly Buffer[], count: number, seed: number): Generator<Buffer> {
  const next = rng(seed);
  for (let i = 0; i < count; i++) yield mutate(samples[i % samples.length] ?? Buffer.alloc(0), next);
}

/** Mutations of a text sample, as text (for parsers of JSON and YAML documents). */
export function* textMutations(sample: string, count: number, seed: number): Generator<string> {
  for (const bytes of mutations([Buffer.from(sample)], count, seed)) yield bytes.toString('utf8');
}
