import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanStatistics } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { scanKeys } from './keys.ts';

export type ScanStatisticsParams = NonNullable<paths['/rest/scans/statistics/']['get']['parameters']['query']>;

/**
 * Counts over the list's filters. The summary is an aside: when it cannot be read it is left
 * out (null) rather than raising the app's error dialog over the list itself.
 */
export const scanStatisticsQueryOptions = (params: ScanStatisticsParams) =>
  queryOptions({
    queryKey: [...scanKeys.lists(), 'statistics', params] as const,
    queryFn: async ({ signal }): Promise<ScanStatistics | null> => {
      try {
        return await unwrap(api.GET('/rest/scans/statistics/', { params: { query: params }, signal }));
      } catch {
        return null;
      }
    },
  });
