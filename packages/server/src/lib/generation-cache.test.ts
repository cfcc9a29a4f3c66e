import { describe, expect, it } from 'vitest';
import { createGenerationCache } from './generation-cache.ts';

/** A cache over a generation the test sets, counting the loads it runs. */
function harness(options: { maxWeight?: number } = {}) {
  const state = { generation: 1 as number | undefined, loads: 0 };
  const cache = createGenerationCache<string[]>({
    generation: async () => state.generation,
    weight: (value) => value.length,
    maxWeight: options.maxWeight ?? 100,
  });
  const load = (value: string[]) => async () => {
    state.loads += 1;
    return value;
  };
  return { state, cache, load };
}

describe('createGenerationCache', () => {
  it('answers a key from the store while the generation stands', async () => {
    const { state, cache, load } = harness();
    expect(await cache.get('a', load(['first']))).toEqual(['first']);
    expect(await cache.get('a', load(['second']))).toEqual(['first']);
    expect(await cache.get('b', load(['other']))).toEqual(['other']);
    expect(state.loads).toBe(2);
  });

  it('loads again once the generation moved, and keeps the new answer', async () => {
    const { state, cache, load } = harness();
    await cache.get('a', load(['old']));
    state.generation = 2;
    expect(await cache.get('a', load(['new']))).toEqual(['new']);
    expect(await cache.get('a', load(['newer']))).toEqual(['new']);
    expect(state.loads).toBe(2);
  });

  it('stores nothing for a read that learned an older generation than one already seen', async () => {
    const { state, cache, load } = harness();
    state.generation = 5;
    await cache.get('a', load(['at 5']));
    state.generation = 4;
    expect(await cache.get('b', load(['at 4']))).toEqual(['at 4']);
    state.generation = 5;
    expect(await cache.get('b', load(['again at 5']))).toEqual(['again at 5']);
    expect(await cache.get('a', load(['unused']))).toEqual(['at 5']);
    expect(state.loads).toBe(3);
  });

  it('caches nothing while the generation cannot be told', async () => {
    const { state, cache, load } = harness();
    state.generation = undefined;
    expect(await cache.get('a', load(['one']))).toEqual(['one']);
    expect(await cache.get('a', load(['two']))).toEqual(['two']);
    expect(state.loads).toBe(2);
  });

  it('shares one load among identical reads that arrive together', async () => {
    const { state, cache } = harness();
    let release: (value: string[]) => void = () => undefined;
    const slow = () => {
      state.loads += 1;
      return new Promise<string[]>((resolve) => (release = resolve));
    };
    const reads = [cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)];
    await new Promise((resolve) => setImmediate(resolve));
    release(['shared']);
    expect(await Promise.all(reads)).toEqual([['shared'], ['shared'], ['shared']]);
    expect(state.loads).toBe(1);
  });

  it('does not store a load that finished after the generation moved', async () => {
    const { state, cache, load } = harness();
    let release: (value: string[]) => void = () => undefined;
    const pending = cache.get('a', () => new Promise<string[]>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    state.generation = 2;
    expect(await cache.get('b', load(['b at 2']))).toEqual(['b at 2']);
    release(['a at 1']);
    expect(await pending).toEqual(['a at 1']);
    expect(await cache.get('a', load(['a at 2']))).toEqual(['a at 2']);
  });

  it('keeps no failure: the next read loads again', async () => {
    const { state, cache, load } = harness();
    await expect(cache.get('a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get('a', load(['back']))).toEqual(['back']);
    expect(state.loads).toBe(1);
  });

  it('drops the least recently used answers past the weight limit, and never keeps one heavier than it', async () => {
    const { state, cache, load } = harness({ maxWeight: 4 });
    await cache.get('a', load(['a1', 'a2']));
    await cache.get('b', load(['b1']));
    await cache.get('a', load(['unused']));
    await cache.get('c', load(['c1', 'c2']));
    expect(state.loads).toBe(3);
    expect(await cache.get('a', load(['unused']))).toEqual(['a1', 'a2']);
    expect(await cache.get('c', load(['unused']))).toEqual(['c1', 'c2']);
    expect(await cache.get('b', load(['b again']))).toEqual(['b again']);
    expect(state.loads).toBe(4);
    await cache.get('huge', load(['1', '2', '3', '4', '5']));
    await cache.get('huge', load(['1', '2', '3', '4', '5']));
    expect(state.loads).toBe(6);
  });
});
