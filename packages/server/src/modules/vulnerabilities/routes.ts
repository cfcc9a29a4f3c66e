import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SCAN_MATCHING } from '../scans/evaluation.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { AffectedComponents, ApiVulnerabilityList, ApiVulnerabilityQuery, Vulnerability, VulnerabilityParams, VulnerabilityQuery } from './schemas.ts';
import type { VulnerabilitiesService, VulnerabilityOptions } from './service.ts';

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
    async (request) => service.get(request.params.id, optionsOf(request.query)),
  );

  app.get(
    '/api/vulnerabilities',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['public-api'],
        summary: 'The knowledge base\'s vulnerabilities, newest published first, each as /rest/vulnerabilities/{id}/ answers it, a page at a time',
        description: 'Without include_bdsa, only what a scan with its defaults reports: CVEs and the account\'s own vendor advisories.',
        querystring: ApiVulnerabilityQuery,
        response: { 200: ApiVulnerabilityList },
      },
    },
    async (request): Promise<ApiVulnerabilityList> => {
      const { q, cvss3_fallback, include_bdsa, distro } = request.query;
      const page = pageRequest(request.query);
      const { count, results } = await service.list(q, optionsOf(request.query), page);
      const { next } = pageOf(results, count, page, '/api/vulnerabilities/', { q, cvss3_fallback, include_bdsa, distro }).links;
      return { meta: { code: 200 }, count, results, next };
    },
  );

  app.get(
    '/rest/vulnerabilities/:id/affected_components/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['vulnerabilities'],
        summary: "The components of the caller's ready scans (groups they can see) whose evaluation lists this vulnerability, newest scans first",
        params: VulnerabilityParams,
        querystring: VulnerabilityQuery,
        response: { 200: AffectedComponents },
      },
    },
    async (request) => service.affectedComponents(viewerOf(request), request.params.id, optionsOf(request.query)),
  );
};

function optionsOf(query: VulnerabilityQuery): VulnerabilityOptions {
  return {
    cvss3Fallback: query.cvss3_fallback ?? SCAN_MATCHING.cvss3_fallback,
    includeBdsa: query.include_bdsa ?? SCAN_MATCHING.include_bdsa_vulnerabilities,
    distro: query.distro,
  };
}
