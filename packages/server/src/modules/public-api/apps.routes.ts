import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../plugins/guard.ts';
import { type AppsRepository, appsPage } from './apps-query.ts';
import { AppsGroupParams, AppsQuery, AppsResponse } from './ingest.schemas.ts';
import { originOf } from '../../lib/site-url.ts';

const DESCRIPTION =
  'Newest product first, a page at a time: follow `next` (an absolute URL) until it is absent. ' +
  '`q` holds space-separated terms that must all match, each as a substring in any case: meta:KEY=VALUE (custom data; `-` in KEY read as `_`), ' +
  'meta:KEY (has KEY), file:NAME (file name), and plain words (name). A term whose colon arrived URL-encoded twice (file%3Aname) is decoded once more.';

export const publicAppsRoutes: FastifyPluginAsyncTypebox<{ apps: Pick<AppsRepository, 'list'> }> = async (app, { apps }) => {
  app.get(
    '/api/apps',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['public-api'], summary: 'The products the caller sees, in every group', description: DESCRIPTION, querystring: AppsQuery, response: { 200: AppsResponse } },
    },
    async (request) => ({ meta: { code: 200 }, ...(await appsPage(apps, viewerOf(request), request.query, undefined, `${originOf(request)}/api/apps/`)) }),
  );

  app.get(
    '/api/tasks',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['public-api'],
        summary: 'The products the caller sees that are still queued or being scanned',
        description: `Status B, S, P or D (a product leaves the list once it is ready or has failed). ${DESCRIPTION}`,
        querystring: AppsQuery,
        response: { 200: AppsResponse },
      },
    },
    async (request) => ({ meta: { code: 200 }, ...(await appsPage(apps, viewerOf(request), request.query, undefined, `${originOf(request)}/api/tasks/`, true)) }),
  );

  app.get(
    '/api/apps/:group_id',
    {
      config: { permission: 'view_appcheckgroup', scope: { group: 'params.group_id' } },
      schema: {
        tags: ['public-api'],
        summary: 'The products of one group (not of its subgroups)',
        description: DESCRIPTION,
        params: AppsGroupParams,
        querystring: AppsQuery,
        response: { 200: AppsResponse },
      },
    },
    async (request) => ({
      meta: { code: 200 },
      ...(await appsPage(apps, viewerOf(request), request.query, request.params.group_id, `${originOf(request)}/api/apps/${request.params.group_id}/`)),
    }),
  );
};
