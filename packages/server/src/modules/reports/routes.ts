import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendAttachment } from '../../lib/attachment.ts';
import { parseIdList } from '../../lib/id-list.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ScanReportDocument, ScanReportQuery, ScansReportQuery } from './schemas.ts';
import type { ReportsService } from './service.ts';
import { MAX_REPORT_SCANS, type ScansReportService } from './scans-report-service.ts';

/** GET /rest/scans/{id}/report/ (a PDF or CSV of one ready scan) and POST /rest/scans/report/ (a CSV over many). */
export const reportsRoutes: FastifyPluginAsyncTypebox<{ reports: ReportsService; scansReport: ScansReportService }> = async (app, { reports, scansReport }) => {
  app.get('/rest/scans/:id/report/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['reports'],
      summary: "A ready scan's report: PDF, CSV of components or CSV of vulnerabilities, evaluated now; 409 while it is busy or failed",
      params: IdParams,
      querystring: ScanReportQuery,
      response: { 200: ScanReportDocument, 409: ErrorDetail },
    },
  }, async (request, reply) => {
    const { format, cvss_version: cvssVersion = 3 } = request.query;
    return sendAttachment(reply, await reports.report(viewerOf(request), request.params.id, format, cvssVersion));
  });

  app.post('/rest/scans/report/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['reports'],
      summary: 'A CSV of the scans the caller sees that the filters select: group path, status, verdict, vulnerabilities by severity, components',
      description: `Answered directly as an attachment, at most ${MAX_REPORT_SCANS.toLocaleString('en-GB')} scans, lowest id first. Counts are those the scan list shows.`,
      querystring: ScansReportQuery,
      response: { 200: { description: 'CSV, one scan a line after the header', content: { 'text/csv': { schema: { type: 'string' } } } } },
    },
  }, async (request, reply) => {
    const { user, group, q, id__in: idIn } = request.query;
    const ids = idIn === undefined ? undefined : parseIdList(idIn, MAX_REPORT_SCANS);
    return sendAttachment(reply, await scansReport.csv(viewerOf(request), { userId: user, groupId: group, q, ids }));
  });
};
