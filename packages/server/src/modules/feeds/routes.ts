import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { envelope, Enveloped } from '../../lib/api-envelope.ts';
import { FeedPage, FeedQuery } from './schemas.ts';
import type { FeedsService } from './service.ts';

const tags = ['feeds'];
const ApiAuditTrailResponse = Enveloped(FeedPage, 'ApiAuditTrailResponse');

export const feedsRoutes: FastifyPluginAsyncTypebox<{ feeds: FeedsService }> = async (app, { feeds: service }) => {
  app.get('/rest/audit-events/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: "The account's audit feed, newest first", querystring: FeedQuery, response: { 200: FeedPage } },
  }, async (request) => service.account(request.query, pageRequest(request.query)));

  // The public API's audit trail (public-api.md §2, operations): the same feed, in the /api/ envelope.
  app.get('/api/audit-trail', {
    config: { permission: 'change_companyaccount' },
    schema: { tags: ['public-api'], summary: "The account's audit trail, newest first", querystring: FeedQuery, response: { 200: ApiAuditTrailResponse } },
  }, async (request) => envelope(await service.account(request.query, pageRequest(request.query), '/api/audit-trail/')));

  app.get('/rest/groups/:id/events/', {
    config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } },
    schema: {
      tags,
      summary: "A group's audit feed: changes of the group, its memberships, custom data and scans, newest first",
      params: IdParams,
      querystring: FeedQuery,
      response: { 200: FeedPage },
    },
  }, async (request) => service.group(request.params.id, request.query, pageRequest(request.query)));

  app.get('/rest/scans/:id/events/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags,
      summary: "A scan's feed (spec §2 feed tab): its upload or fetch, rescans, aborts, renames, removals, comments and custom data, newest first",
      params: IdParams,
      querystring: FeedQuery,
      response: { 200: FeedPage },
    },
  }, async (request) => service.scan(request.params.id, request.query, pageRequest(request.query)));
};
