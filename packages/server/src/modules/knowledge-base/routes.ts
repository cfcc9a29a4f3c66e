import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorDetail } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { readFilePart } from '../scans/multipart.ts';
import { KnowledgeBaseStatus } from './schemas.ts';
import type { KnowledgeBaseService } from './service.ts';

export const knowledgeBaseRoutes: FastifyPluginAsyncTypebox<{ knowledgeBase: KnowledgeBaseService; maxBundleBytes: number }> = async (
  app,
  { knowledgeBase: service, maxBundleBytes },
) => {
  app.get(
    '/rest/knowledge-base/',
    {
      // Every result page says whether vulnerabilities were evaluated, so every user may read it.
      config: { permission: 'authenticated' },
      schema: { tags: ['knowledge-base'], summary: 'The vulnerability knowledge base: state, and per source its data, last import, error and progress', response: { 200: KnowledgeBaseStatus } },
    },
    async () => service.status(),
  );

  app.post(
    '/rest/knowledge-base/sync/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['knowledge-base'],
        summary: 'Sync every source from its feed now',
        response: { 202: KnowledgeBaseStatus, 409: ErrorDetail, 503: ErrorDetail },
      },
    },
    async (request, reply) => reply.status(202).send(await service.sync(viewerOf(request))),
  );

  app.post(
    '/rest/knowledge-base/bundles/',
    {
      config: { permission: 'change_companyaccount', multipartFile: 'file' },
      schema: {
        tags: ['knowledge-base'],
        summary: 'Upload a bundle made by `binlens db export-bundle` (multipart field "file")',
        description: 'The bundle is checked whole first (400 with the reason; the data loaded before stays); 202 while it imports.',
        response: { 202: KnowledgeBaseStatus, 409: ErrorDetail, 413: ErrorDetail },
      },
    },
    async (request, reply) => reply.status(202).send(await service.uploadBundle(viewerOf(request), await readFilePart(request, maxBundleBytes))),
  );
};
