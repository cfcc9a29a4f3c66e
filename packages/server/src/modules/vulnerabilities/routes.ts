import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SCAN_MATCHING } from '../scans/evaluation.ts';
import { Vulnerability, VulnerabilityParams, VulnerabilityQuery } from './schemas.ts';
import type { VulnerabilitiesService } from './service.ts';

export const vulnerabilitiesRoutes: FastifyPluginAsyncTypebox<{ vulnerabilities: VulnerabilitiesService }> = async (app, { vulnerabilities: service }) => {

  app.get(
    '/rest/vulnerabilities/:id/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['vulnerabilities'],
        summary: 'One vulnerability from the knowledge base (id compared case-insensitively), scored as a scan with the same options scores it',
        params: VulnerabilityParams,
        querystring: VulnerabilityQuery,
        response: { 200: Vulnerability },
      },
    },
    async (request) => {
      return service.get(request.params.id, {
        cvss3Fallback: request.query.cvss3_fallback ?? SCAN_MATCHING.cvss3_fallback,
        includeBdsa: request.query.include_bdsa ?? SCAN_MATCHING.include_bdsa_vulnerabilities,
      });
    },
  );
};
