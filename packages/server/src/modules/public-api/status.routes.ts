import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelope } from '../../lib/api-envelope.ts';
import { SCAN_QUEUE } from '../../lib/queue-names.ts';
import type { KnowledgeBaseService } from '../knowledge-base/service.ts';
import { type ApiStatus, ApiServiceInfoResponse, ApiServiceVersionResponse, ApiStatusResponse } from './ingest.schemas.ts';

/** The server package's version, read once: the server runs from its sources, next to its package.json. */
const SERVICE_NAME = 'Binlens';

export const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const publicStatusRoutes: FastifyPluginAsyncTypebox<{ knowledgeBase: Pick<KnowledgeBaseService, 'summary'> }> = async (app, { knowledgeBase }) => {
  // The clients' connectivity check (public-api.md §2.2 "HEAD /"): answered whether or not this server also serves the web app.
  app.head('/', { schema: { hide: true } }, async (_request, reply) => reply.status(200).send());

  app.get(
    '/api/status',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['public-api'],
        summary: 'The server version, the knowledge base\'s state and date, and the scan queue',
        description: 'queue counts scan jobs as the queue\'s monitor last counted them (it refreshes them every few seconds); null on a server without a queue.',
        response: { 200: ApiStatusResponse },
      },
    },
    async () => {
      const summary = await knowledgeBase.summary();
      const queue = await app.boss?.getQueue(SCAN_QUEUE);
      const status: ApiStatus = {
        version: SERVER_VERSION,
        knowledge_base: { state: summary.state, updated: summary.updated },
        queue: queue ? { queued: queue.queuedCount, active: queue.activeCount } : null,
      };
      return envelope(status);
    },
  );

  app.get(
    '/api/service/version',
    { config: { permission: 'authenticated' }, schema: { tags: ['public-api'], summary: 'The server version', response: { 200: ApiServiceVersionResponse } } },
    async () => envelope({ version: SERVER_VERSION }),
  );

  app.get(
    '/api/service/info',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['public-api'], summary: "The service's name and version and its knowledge base's state and date", response: { 200: ApiServiceInfoResponse } },
    },
    async () => {
      const summary = await knowledgeBase.summary();
      return envelope({ name: SERVICE_NAME, version: SERVER_VERSION, knowledge_base: { state: summary.state, updated: summary.updated } });
    },
  );
};
