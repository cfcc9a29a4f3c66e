import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorDetail } from '../../lib/api-envelope.ts';
import { sendAttachment } from '../../lib/attachment.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ApiReportQuery, CsvReportDocument, PdfReportDocument } from './schemas.ts';
import type { ReportFormat, ReportsService } from './service.ts';

/**
 * The public API's reports of a product (public-api.md §2.2): raw PDF or CSV bytes, not the
 * envelope; their errors come in it, as every /api/ error does.
 */
export const apiReportsRoutes: FastifyPluginAsyncTypebox<{ reports: ReportsService }> = async (app, { reports }) => {
  const routes: { path: string; format: ReportFormat; summary: string }[] = [
    { path: '/api/product/:id/pdf-report', format: 'pdf', summary: "The product's PDF report, CVSS scores of cvss_version (default 3)" },
    { path: '/api/product/:id/csv-libs', format: 'csv-components', summary: "The product's components as CSV, one row per component" },
    { path: '/api/product/:id/csv-vulns', format: 'csv-vulnerabilities', summary: "The product's vulnerabilities as CSV, one row per vulnerability and object (DefectDojo's Blackduck Binary Analysis import)" },
  ];
  for (const route of routes) {
    app.get(route.path, {
      config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
      schema: {
        tags: ['public-api'],
        summary: route.summary,
        params: IdParams,
        querystring: ApiReportQuery,
        response: { 200: route.format === 'pdf' ? PdfReportDocument : CsvReportDocument, 409: ApiErrorDetail },
      },
    }, async (request, reply) => {
      const attachment = await reports.report(viewerOf(request), request.params.id, route.format, request.query.cvss_version ?? 3);
      // Piper asks for the PDF with no-cache headers: an answer evaluated now is not for caches either.
      return sendAttachment(reply.header('cache-control', 'no-store'), attachment);
    });
  }
};
