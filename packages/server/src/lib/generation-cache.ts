/**
 * Answers kept while a generation number stands: a read first learns the current generation,
 * and an answer stored under an older one is never served. The number must only grow, and grow
 * with every change that can alter an answer, visible no later than the change itself (the scan
 * lists use scan_list_generation, bumped at commit by triggers), so a hit is always as fresh as a
 * read of the database made at the moment the generation was read.
 *
 * Identical reads that arrive together while nothing is stored share one load. A read that
 * learns a generation older than one another read already saw (it overtook it) loads for itself
 * and stores nothing.
 */
export interface GenerationCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export interface GenerationCacheOptions<T> {
  /** The current generation; undefined when it cannot be told (nothing is then cached). */
  generation: () => Promise<number | undefined>;
  /** How much an answer weighs, e.g. its rows; the cache holds at most maxWeight in all. */
  weight: (value: T) => number;
  maxWeight: number;
}

export function createGenerationCache<T>(options: GenerationCacheOptions<T>): GenerationCache<T> {
  let current = -Infinity;
  let totalWeight = 0;
  // Map order is use order: the first entry is the least recently used.
  const stored = new Map<string, { value: T; weight: number }>();
  const loading = new Map<string, Promise<T>>();

  const clear = () => {
    stored.clear();
    loading.clear();
    totalWeight = 0;
  };

  const store = (key: string, value: T) => {
    const weight = Math.max(1, options.weight(value));
    if (weight > options.maxWeight) return;
    stored.set(key, { value, weight });
    totalWeight += weight;
    for (const [oldKey, entry] of stored) {
      if (totalWeight <= options.maxWeight) break;
      stored.delete(oldKey);
      totalWeight -= entry.weight;
    }
  };

  return {
    async get(key, load) {
      const generation = await options.generation();
      if (generation === undefined || generation < current) return load();
      if (generation > current) {
        clear();
        current = generation;
      }
      const hit = stored.get(key);
      if (hit) {
        stored.delete(key);
        stored.set(key, hit);
        return hit.value;
      }
      const pending = loading.get(key);
      if (pending) return pending;
      const promise = load().then(
        (value) => {
          if (current === generation && loading.get(key) === promise) {
            loading.delete(key);
            store(key, value);
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
  };
}
