import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { GroupWebhook, GroupWebhookBody, GroupWebhookSaved } from './schemas.ts';
import type { WebhooksService } from './service.ts';

const PATH = '/rest/groups/:id/webhook/';
const SCOPE = { permission: 'change_appcheckgroup', scope: { group: 'params.id' } } as const;

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhooksService }> = async (app, { webhooks: service }) => {
  app.get(
    PATH,
    { config: SCOPE, schema: { tags: ['webhooks'], params: IdParams, response: { 200: GroupWebhook } } },
    async (request) => service.get(request.params.id),
  );

  app.put(
    PATH,
    {
      config: SCOPE,
      schema: {
        tags: ['webhooks'],
        description:
          'When a scan of the group ends (R or F), its summary is POSTed to the URL as JSON with X-Binlens-Timestamp (Unix seconds) and ' +
          'X-Binlens-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the secret>; retried with backoff until a 2xx answer. ' +
          'The secret is answered once, when made.',
        params: IdParams,
        body: GroupWebhookBody,
        response: { 200: GroupWebhookSaved },
      },
    },
    async (request) => service.save(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    PATH,
    { config: SCOPE, schema: { tags: ['webhooks'], params: IdParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
