// The component catalogue (spec §2 /components, §7 "Components": list, get, tags, coverity_scan),
// and each component's vulnerabilities from the knowledge base.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { viewerOf } from '../../plugins/guard.ts';
import {
  ComponentDetails, ComponentListQuery, ComponentPage, ComponentParams, ComponentTags, ComponentVulnerabilitiesQuery, ComponentVulnerabilityPage,
} from './schemas.ts';
import type { ComponentsService } from './service.ts';

export const componentsRoutes: FastifyPluginAsyncTypebox<{ components: ComponentsService }> = async (app, { components }) => {

  app.get('/rest/components/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['components'],
      summary: 'The supported components (what the engine identifies), with their latest known version, known vulnerabilities and use in this account',
      querystring: ComponentListQuery,
      response: { 200: ComponentPage },
    },
  }, async (request) => {
    const { q, ordering, tag, codetype } = request.query;
    const page = pageRequest(request.query);
    const { results, count } = await components.list(viewerOf(request), { q, ordering, tag, codetype }, page);
    return pageOf(results, count, page, '/rest/components/', { q, ordering, tag, codetype });
  });

  app.get('/rest/components/tags/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['components'],
      summary: 'The tags of the supported components (signature families), with how many components carry each',
      response: { 200: ComponentTags },
    },
  }, async () => {
    const results = components.tags();
    return { count: results.length, results };
  });

  app.get('/rest/components/:id/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['components'],
      summary: 'One supported component: how the engine identifies it, and its versions and scans in this account',
      params: ComponentParams,
      response: { 200: ComponentDetails },
    },
  }, async (request) => components.get(viewerOf(request), request.params.id));

  app.get('/rest/components/:id/vulnerabilities/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['components'],
      summary: "The knowledge base's vulnerabilities of a component, any version, each with the ranges that name it, its score, EPSS and KEV",
      params: ComponentParams,
      querystring: ComponentVulnerabilitiesQuery,
      response: { 200: ComponentVulnerabilityPage },
    },
  }, async (request) => {
    const { id } = request.params;
    const { q, ordering } = request.query;
    const page = pageRequest(request.query);
    const { latestVersion, results, count } = await components.vulnerabilities(id, { q, ordering }, page);
    return { ...pageOf(results, count, page, `/rest/components/${id}/vulnerabilities/`, { q, ordering }), latest_version: latestVersion };
  });

  app.get('/rest/components/:id/coverity_scan/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['components'],
      summary: 'A Coverity scan of the component: there is no Coverity data, so always 404 (has_coverity_scan is false)',
      params: ComponentParams,
    },
  }, async (request) => components.coverityScan(request.params.id));
};
