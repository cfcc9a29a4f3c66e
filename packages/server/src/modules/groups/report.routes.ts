import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Text } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { GroupsReportService } from './report-service.ts';

const ReportQuery = Type.Object({ q: Type.Optional(Text({ maxLength: 255, description: 'Only groups whose name contains this text (case-insensitive).' })) });

export const groupsReportRoutes: FastifyPluginAsyncTypebox<{ report: GroupsReportService }> = async (app, { report: service }) => {
  app.post('/rest/groups/report/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['groups'],
      summary: 'A CSV of the groups the caller sees that match q: path, name, number of scans and their vulnerabilities by severity',
      description: 'Answered directly as an attachment (Content-Disposition), at most 10,000 groups in tree order.',
      querystring: ReportQuery,
      response: { 200: { description: 'CSV, one group a line after the header', content: { 'text/csv': { schema: Type.String() } } } },
    },
  }, async (request, reply) => {
    const csv = await service.csv(viewerOf(request), request.query.q);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="groups-report.csv"')
      .send(csv);
  });
};
