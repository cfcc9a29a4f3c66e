// Stored scans' evaluations (and what is made from them, such as a serialised result), kept in
// the process per scan while what they were computed from stands. The caller names that with
// a version string (evaluation.ts: the stored Identification and the scan's evaluation inputs);
// a read under another version loads again, so an import into the knowledge base shows at the
// next read. Bounded by approximate bytes, least recently used scans first; reads of the same
// scan and version that arrive together share one load.
import type { CacheGenerations } from '../../db/cache-generations.ts';
import type { ScanStatus } from '../../db/schema/index.ts';
import { createGenerationCache, type GenerationCache } from '../../lib/generation-cache.ts';

export interface EvaluationCacheOptions {
  /** Approximate bytes held at most over every scan; 0 keeps nothing. */
  readonly maxBytes: number;
}

export interface EvaluationCache {
  /**
   * The scan's `part` at `version`: kept, shared with a load of the same already running, or
   * loaded and kept (unless it alone weighs more than the cache holds). A scan keeps the parts
   * of one version: storing a part of another version drops them.
   */
  get<T>(scanId: number, version: string, part: string, load: () => Promise<T>, weigh: (value: T) => number): Promise<T>;
  /** Drops everything of the scan, and what its loads running now would store (it was removed). */
  forget(scanId: number): void;
  /** Scans and approximate bytes held now. */
  size(): { scans: number; bytes: number };
}

interface ScanEntry {
  readonly version: string;
  /** The sequence number of the load that stored this version first (see `store`). */
  readonly since: number;
  readonly parts: Map<string, { value: unknown; bytes: number }>;
  bytes: number;
}

export function createEvaluationCache(options: EvaluationCacheOptions): EvaluationCache {
  // Map order is use order: the first entry is the least recently used.
  const entries = new Map<number, ScanEntry>();
  const loading = new Map<string, { scanId: number; promise: Promise<unknown> }>();
  let totalBytes = 0;
  let sequence = 0;

  const drop = (scanId: number) => {
    const entry = entries.get(scanId);
    if (!entry) return;
    entries.delete(scanId);
    totalBytes -= entry.bytes;
  };

  const store = (scanId: number, version: string, started: number, part: string, value: unknown, bytes: number) => {
    if (bytes > options.maxBytes) return;
    let entry = entries.get(scanId);
    if (entry && entry.version !== version) {
      // A load that began before the one that stored the other version read older data.
      if (entry.since > started) return;
      drop(scanId);
      entry = undefined;
    }
    entry ??= { version, since: started, parts: new Map(), bytes: 0 };
    const old = entry.parts.get(part);
    if (old) {
      entry.bytes -= old.bytes;
      totalBytes -= old.bytes;
    }
    entry.parts.set(part, { value, bytes });
    entry.bytes += bytes;
    totalBytes += bytes;
    entries.delete(scanId);
    entries.set(scanId, entry);
    for (const [oldId, oldEntry] of entries) {
      if (totalBytes <= options.maxBytes) break;
      entries.delete(oldId);
      totalBytes -= oldEntry.bytes;
    }
  };

  return {
    async get<T>(scanId: number, version: string, part: string, load: () => Promise<T>, weigh: (value: T) => number): Promise<T> {
      if (options.maxBytes <= 0) return load();
      const entry = entries.get(scanId);
      const hit = entry?.version === version ? entry.parts.get(part) : undefined;
      if (entry && hit) {
        entries.delete(scanId);
        entries.set(scanId, entry);
        // Stored by a load of this same part, which the caller names with its type.
        return hit.value as T;
      }
      const key = JSON.stringify([scanId, version, part]);
      const running = loading.get(key);
      if (running) return running.promise as Promise<T>;
      const started = (sequence += 1);
      const promise: Promise<T> = load().then(
        (value) => {
          if (loading.get(key)?.promise === promise) {
            loading.delete(key);
            store(scanId, version, started, part, value, weigh(value));
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, { scanId, promise });
      return promise;
    },

    forget(scanId) {
      drop(scanId);
      for (const [key, running] of loading) if (running.scanId === scanId) loading.delete(key);
    },

    size: () => ({ scans: entries.size, bytes: totalBytes }),
  };
}

/** A scan as a viewer sees it before its evaluation is read: its status and when its Identification was stored. */
export interface ScanStamp {
  readonly status: ScanStatus;
  readonly finishedAt: Date | null;
}

/**
 * Scans' stamps per visibility (null: not visible), kept while the scan_list counter stands: it
 * moves with every committed change to scans, groups and memberships (lib/generation-cache.ts),
 * so a read of a kept evaluation asks the database only for the knowledge base's version.
 */
export function createScanStampCache(generations: CacheGenerations): GenerationCache<ScanStamp | null> {
  return createGenerationCache<ScanStamp | null>({ generation: () => generations.current('scan_list'), weight: () => 1, maxWeight: 10_000 });
}
