import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { viewerOf } from '../../plugins/guard.ts';
import { ScanListQuery } from './schemas.ts';
import { ScanStatistics } from './statistics.ts';
import type { ScanStatisticsService } from './statistics-service.ts';

/** The list's filters (group, q, status, created range) without ordering or paging. */
export const ScanStatisticsQuery = Type.Omit(ScanListQuery, ['ordering', 'limit', 'offset']);
export type ScanStatisticsQuery = Static<typeof ScanStatisticsQuery>;

export const scanStatisticsRoutes: FastifyPluginAsyncTypebox<{ statistics: ScanStatisticsService }> = async (app, { statistics: service }) => {
  app.get(
    '/rest/scans/statistics/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['scans'],
        summary: 'Counts of the scans the caller sees: by status, by highest severity, and vulnerability totals',
        querystring: ScanStatisticsQuery,
        response: { 200: ScanStatistics },
      },
    },
    async (request) => service.statistics(viewerOf(request), request.query),
  );
};
