import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanDiffService } from './diff-service.ts';
import { ScanDiff, ScanDiffQuery } from './diff.schemas.ts';

/**
 * GET /rest/scans/diff/?base=&target= (spec §2 /diff). A static segment, so it never reaches
 * /rest/scans/:id/. The guard checks the base; the service checks the target by the same rule.
 */
export const scanDiffRoutes: FastifyPluginAsyncTypebox<{ diff: ScanDiffService }> = async (app, { diff }) => {
  app.get('/rest/scans/diff/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'query.base' } },
    schema: {
      tags: ['scans'],
      summary: 'What changed from one ready scan (base) to another (target): components, vulnerabilities, licences, hardening',
      description:
        'Both scans are evaluated now, against one state of the knowledge base. 400 `{detail}` for the same scan twice or a scan that failed or is ' +
        'still being scanned; 404 when the viewer cannot see either scan.',
      querystring: ScanDiffQuery,
      response: { 200: ScanDiff },
    },
  }, async (request) => diff.diff(viewerOf(request), request.query.base, request.query.target));
};
