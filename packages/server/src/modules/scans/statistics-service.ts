import type { Viewer } from '../users/viewer.ts';
import type { GenerationCache } from '../../lib/generation-cache.ts';
import { listCacheKey } from './list-cache.ts';
import { scanListFilter } from './list-query.ts';
import type { ScanStatistics, ScanStatisticsRepository } from './statistics.ts';
import type { ScanStatisticsQuery } from './statistics.routes.ts';

/** GET /rest/scans/statistics/: counts over the scans the viewer sees, with the list's filters. */
export interface ScanStatisticsService {
  statistics(viewer: Viewer, query: ScanStatisticsQuery): Promise<ScanStatistics>;
}

export function createScanStatisticsService(deps: {
  statistics: ScanStatisticsRepository;
  /** Keeps answers while scan_list_generation stands (list-cache.ts). */
  cache?: GenerationCache<ScanStatistics>;
}): ScanStatisticsService {
  return {
    statistics(viewer, query) {
      const load = () => deps.statistics.statistics(viewer, scanListFilter(query));
      return deps.cache ? deps.cache.get(listCacheKey(viewer, query), load) : load();
    },
  };
}
