import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { SalesService } from './sales-service.ts';
import { SalesScan } from './sales.schemas.ts';
import { ScanSummary } from './summary.schemas.ts';

/** Spec §7 GET /sales/scans/{id}/ and /sales/scans/{id}/scan_summary/: what the sales view (spec §2 /sales/product/{scanId}) loads. */
export const salesRoutes: FastifyPluginAsyncTypebox<{ sales: SalesService }> = async (app, { sales }) => {
  app.get('/rest/sales/scans/:id/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['sales'],
      summary: 'A scan as the sales view shows it to people outside the team: the file, its status, verdict and counts; nothing of its group or people',
      params: IdParams,
      response: { 200: SalesScan },
    },
  }, async (request) => sales.scan(viewerOf(request), request.params.id));

  app.get('/rest/sales/scans/:id/scan_summary/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['sales'],
      summary: "The sales view's summary of a ready scan: the same as /rest/scans/{id}/scan_summary/; 409 while the scan is busy or failed",
      params: IdParams,
      response: { 200: ScanSummary, 409: ErrorDetail },
    },
  }, async (request) => sales.summary(viewerOf(request), request.params.id));
};
