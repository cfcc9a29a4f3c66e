// Property test for parsers: random bytes and mutations of real samples must end
// as members + problems, never as a thrown non-FormatError, a hang, or a member
// path that escapes its container. Deterministic (seeded) so failures reproduce.
import { expect } from 'vitest';
import type { Unpacker } from '../src/unpack/types.ts';
import { normalizeMemberPath } from '../src/unpack/safe-fs.ts';
import { mutate, rng } from './mutations.ts';
import { runUnpacker } from './unpack-harness.ts';

export { mutate, rng } from './mutations.ts';

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
