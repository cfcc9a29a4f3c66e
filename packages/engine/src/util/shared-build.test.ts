import { describe, expect, it } from 'vitest';
import { answerOfThread } from '../../test/in-thread.ts';
import { packInt32, sharedBytes, sharedSlot, unpackInt32 } from './shared-build.ts';

const WORKER = new URL('./shared-build.test-worker.ts', import.meta.url);

describe('sharedBytes', () => {
  it('builds here without a slot', () => {
    let builds = 0;
    expect([...sharedBytes(undefined, () => (builds++, Uint8Array.of(7)))]).toEqual([7]);
    expect(builds).toBe(1);
  });

  it('builds once into the slot; a later call reads the shared bytes', () => {
    const slot = sharedSlot(16);
    let builds = 0;
    const first = sharedBytes(slot, () => (builds++, Uint8Array.of(1, 2, 3)));
    const again = sharedBytes(slot, () => (builds++, Uint8Array.of(9)));
    expect([...first]).toEqual([1, 2, 3]);
    expect([...again]).toEqual([1, 2, 3]);
    expect(again.buffer).toBe(slot);
    expect(builds).toBe(1);
  });

  it('a failed build lets the next caller build its own; bytes too large for the slot are not shared', () => {
    const slot = sharedSlot(16);
    expect(() => sharedBytes(slot, () => { throw new Error('no'); })).toThrow('no');
    expect([...sharedBytes(slot, () => Uint8Array.of(5))]).toEqual([5]);
    const small = sharedSlot(2);
    const big = sharedBytes(small, () => Uint8Array.of(1, 2, 3));
    expect([...big]).toEqual([1, 2, 3]);
    expect(big.buffer).not.toBe(small);
    expect([...sharedBytes(small, () => Uint8Array.of(4))]).toEqual([4]);
  });

  it('threads sharing a slot: one builds, the other waits for its bytes', async () => {
    const slot = sharedSlot(64);
    const builds = new SharedArrayBuffer(4);
    const answers = await Promise.all([answerOfThread(WORKER, { slot, builds }), answerOfThread(WORKER, { slot, builds })]);
    expect(answers).toEqual([
      { bytes: [1, 2, 3, 4, 5], shared: true },
      { bytes: [1, 2, 3, 4, 5], shared: true },
    ]);
    expect(new Int32Array(builds)[0]).toBe(1);
  });
});

describe('packInt32', () => {
  it('lays arrays out and reads them back in place', () => {
    const bytes = packInt32([Int32Array.of(1, -2, 3), new Int32Array(0), Int32Array.of(2 ** 31 - 1)]);
    expect(bytes.length).toBe(4 * 8);
    const arrays = unpackInt32(bytes);
    expect(arrays.map((a) => [...a])).toEqual([[1, -2, 3], [], [2 ** 31 - 1]]);
    expect(arrays[0]?.buffer).toBe(bytes.buffer);
  });

  it('refuses misaligned or truncated bytes', () => {
    const bytes = packInt32([Int32Array.of(1, 2, 3)]);
    expect(() => unpackInt32(new Uint8Array(bytes.buffer, 1, 8))).toThrow('4-byte aligned');
    expect(() => unpackInt32(bytes.subarray(0, 12))).toThrow('truncated');
  });
});
