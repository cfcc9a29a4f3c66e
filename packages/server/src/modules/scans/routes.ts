import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ProblemLevel } from '@binlens/engine/model';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { readFilePart } from './multipart.ts';
import { resultEncoding } from './result-encoding.ts';
import { ProblemPage, ProblemQuery, Scan, ScanListQuery, ScanPage, ScanResult, UploadParams } from './schemas.ts';
import type { ScansService } from './service.ts';
import type { KnowledgeBaseService } from '../knowledge-base/service.ts';

const PROBLEM_ROUTES: { path: string; level: ProblemLevel }[] = [
  { path: 'errors', level: 'error' },
  { path: 'warnings', level: 'warning' },
  { path: 'info', level: 'info' },
];

export const scansRoutes: FastifyPluginAsyncTypebox<{ scans: ScansService; knowledgeBase: Pick<KnowledgeBaseService, 'summary'> }> = async (
  app,
  { scans: service, knowledgeBase },
) => {
  app.post(
    '/rest/groups/:id/upload/',
    {
      config: { permission: 'upload_application', scope: { group: 'params.id' }, multipartFile: 'file' },
      schema: {
        tags: ['scans'],
        summary: 'Upload a file (multipart field "file") and start its scan',
        params: UploadParams,
        description: 'With the company\'s reuse_existing_scan on, bytes already scanned in the group answer that scan with 200 and reused: true.',
        response: { 200: Scan, 201: Scan, 413: ErrorDetail, 429: ErrorDetail },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await service.assertCanUpload(viewer);
      const file = await readFilePart(request, service.maxUploadBytes);
      const scan = await service.upload(viewer, request.params.id, file);
      return reply.status(scan.reused ? 200 : 201).send(scan);
    },
  );

  app.get(
    '/rest/scans/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['scans'], querystring: ScanListQuery, response: { 200: ScanPage } },
    },
    async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)),
  );

  app.get(
    '/rest/scans/:id/',
    {
      config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
      schema: { tags: ['scans'], params: IdParams, response: { 200: Scan } },
    },
    async (request) => service.get(viewerOf(request), request.params.id),
  );

  app.get(
    '/rest/scans/:id/result/',
    {
      config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
      schema: {
        tags: ['scans'],
        description: 'The components of a ready scan; 409 while the scan is busy or failed.',
        params: IdParams,
        response: { 200: ScanResult, 409: ErrorDetail },
      },
    },
    async (request, reply) => {
      // Empty vulnerability lists mean "none found" only when there was data to look in.
      const knowledge_base = await knowledgeBase.summary();
      const encoding = resultEncoding(request.headers['accept-encoding']);
      // Serialised by this route's response schema once per scan, evaluation inputs and knowledge-base state, then kept.
      const body = await service.resultBody(viewerOf(request), request.params.id, JSON.stringify(knowledge_base),
        (result) => bytesOf(reply.serialize({ ...result, knowledge_base })), encoding);
      reply.header('vary', 'Accept-Encoding');
      if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
      // A ScanResult already serialised by this route's own schema: sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  for (const { path, level } of PROBLEM_ROUTES) {
    app.get(
      `/rest/scans/:id/${path}/`,
      {
        config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
        schema: { tags: ['scans'], params: IdParams, querystring: ProblemQuery, response: { 200: ProblemPage } },
      },
      async (request) =>
        service.problems(viewerOf(request), request.params.id, level, pageRequest(request.query), `/rest/scans/${request.params.id}/${path}/`),
    );
  }
};

function bytesOf(serialized: string | ArrayBuffer | Buffer): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}
