import type { Viewer } from '../users/viewer.ts';
import { scanListFilter } from './list-query.ts';
import type { ScanStatistics, ScanStatisticsRepository } from './statistics.ts';
import type { ScanStatisticsQuery } from './statistics.routes.ts';

/** GET /rest/scans/statistics/: counts over the scans the viewer sees, with the list's filters. */
export interface ScanStatisticsService {
  statistics(viewer: Viewer, query: ScanStatisticsQuery): Promise<ScanStatistics>;
}

export function createScanStatisticsService(deps: { statistics: ScanStatisticsRepository }): ScanStatisticsService {
  return {
    statistics: (viewer, query) => deps.statistics.statistics(viewer, scanListFilter(query)),
  };
}
