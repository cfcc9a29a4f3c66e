import type { CacheGenerations } from '../../db/cache-generations.ts';
import { createGenerationCache, type GenerationCache } from '../../lib/generation-cache.ts';
import type { Page } from '../../lib/paging.ts';
import { visibilityKey } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';
import type { Scan } from './schemas.ts';
import type { ScanStatistics } from './statistics.ts';

// Lists are what clients poll (every 3 s while a scan is busy, spec §4), and many clients ask
// the same pages: their answers are kept until anything they show changes, which the
// scan_list counter tells (db/schema/cache-generations.ts).

/** Rows held by each cache at most (a page counts its rows, statistics one). */
const MAX_ROWS = 20_000;

/** The same answer for the same visibility and the same parameters, in any order. */
export function listCacheKey(viewer: Viewer, parameters: Record<string, unknown>): string {
  const defined = Object.entries(parameters).filter(([, value]) => value !== undefined && value !== '');
  defined.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([visibilityKey(viewer), defined]);
}

export interface ScanListCaches {
  list: GenerationCache<Page<Scan>>;
  statistics: GenerationCache<ScanStatistics>;
}

export function createScanListCaches(generations: CacheGenerations): ScanListCaches {
  const generation = () => generations.current('scan_list');
  return {
    list: createGenerationCache<Page<Scan>>({ generation, weight: (page) => page.results.length + 1, maxWeight: MAX_ROWS }),
    statistics: createGenerationCache<ScanStatistics>({ generation, weight: () => 1, maxWeight: MAX_ROWS }),
  };
}
