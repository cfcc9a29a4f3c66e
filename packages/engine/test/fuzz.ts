// Property test for parsers: random bytes and mutations of real samples must end
// as members + problems, never as a thrown non-FormatError, a hang, or a member
// path that escapes its container. Deterministic (seeded) so failures reproduce.
import { expect } from 'vitest';
import type { Unpacker } from '../src/unpack/types.ts';
import { normalizeMemberPath } from '../src/unpack/safe-fs.ts';
import { runUnpacker } from './unpack-harness.ts';

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

/**
 * Run `unpacker` on `count` inputs: mutations of `samples` (keeping the magic so
 * identify accepts most of them) and pure random bytes behind the first sample's
 * first `magicLength` bytes.
 */
export async function fuzzUnpacker(unpacker: Unpacker, samples: Buffer[], count = 100, magicLength = 4): Promise<void> {
  const next = rng(0x5eed ^ unpacker.name.length);
  for (let i = 0; i < count; i++) {
    const sample = samples[i % samples.length] ?? Buffer.alloc(0);
    let input: Buffer;
    if (i % 5 === 4) {
      const random = Buffer.alloc(next() % 2048);
      for (let j = 0; j < random.length; j++) random[j] = next() & 0xff;
      input = Buffer.concat([sample.subarray(0, magicLength), random]);
    } else {
      input = mutate(sample, next);
    }
    const out = await runUnpacker(unpacker, input, { maxTotalBytes: 64 * 1024 * 1024 }, 'fuzz.bin');
    for (const name of Object.keys(out.members)) {
      const normal = normalizeMemberPath(name);
      expect(normal !== null && 'path' in normal && normal.path === name, `escaping member ${name}`).toBe(true);
    }
  }
}
