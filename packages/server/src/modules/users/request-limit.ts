// An in-memory sliding window per key (a client address): the "forgot password" form may be
// sent a few times, not used to flood mailboxes. Per process; the per-user limit of the
// service (SELF_RESETS_PER_HOUR, in the database) holds across processes.

export interface RequestLimit {
  /** Counts a request of `key`; false when `key` has used up its requests in the window. */
  take(key: string): boolean;
}

export function createRequestLimit(options: { max: number; windowMs: number; maxKeys?: number; now?: () => number }): RequestLimit {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const seen = new Map<string, number[]>();
  return {
    take(key) {
      const at = now();
      const recent = (seen.get(key) ?? []).filter((time) => at - time < options.windowMs);
      if (recent.length >= options.max) {
        seen.set(key, recent);
        return false;
      }
      recent.push(at);
      seen.delete(key);
      seen.set(key, recent);
      // Bounded memory: the key seen longest ago goes first (a Map keeps insertion order).
      if (seen.size > maxKeys) seen.delete(seen.keys().next().value as string);
      return true;
    },
  };
}
