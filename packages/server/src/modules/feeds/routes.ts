import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { FeedPage, FeedQuery } from './schemas.ts';
import type { FeedsService } from './service.ts';

const tags = ['feeds'];

export const feedsRoutes: FastifyPluginAsyncTypebox<{ feeds: FeedsService }> = async (app, { feeds: service }) => {
  app.get('/rest/audit-events/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: "The account's audit feed, newest first", querystring: FeedQuery, response: { 200: FeedPage } },
  }, async (request) => service.account(request.query, pageRequest(request.query)));

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
