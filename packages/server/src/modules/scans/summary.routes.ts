import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanSummaryService } from './summary-service.ts';
import { ScanSummary } from './summary.schemas.ts';

/** GET /rest/scans/{id}/scan_summary/ (spec §7): the counts a security engineer reads first; 409 while the scan is busy or failed. */
export const scanSummaryRoutes: FastifyPluginAsyncTypebox<{ summary: ScanSummaryService }> = async (app, { summary }) => {
  app.get('/rest/scans/:id/scan_summary/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: "A ready scan's verdict and counts: vulnerabilities by severity (evaluated now), KEV and EPSS, licences by policy, leaks, executables, mobile apps",
      params: IdParams,
      response: { 200: ScanSummary, 409: ErrorDetail },
    },
  }, async (request) => summary.summary(viewerOf(request), request.params.id));
};
