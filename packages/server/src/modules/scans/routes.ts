import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createKnowledgeBase } from '@binlens/vulndb';
import type { ProblemLevel } from '@binlens/engine/model';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Engine } from '../../engine/engine.ts';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, FieldErrors, IdParams } from '../../lib/schemas.ts';
import { requireViewer } from '../../plugins/auth.ts';
import { SCAN_QUEUE, type ScanJobData } from '../../lib/queue-names.ts';
import { createAuditRepository } from '../audit/repository.ts';
import { createGroupsRepository } from '../groups/repository.ts';
import type { Quotas } from '../../config.ts';
import { readFilePart } from './multipart.ts';
import { createQuotaRepository } from './quotas.ts';
import { createScansRepository } from './repository.ts';
import { ProblemPage, ProblemQuery, Scan, ScanListQuery, ScanPage, ScanResult, UploadParams } from './schemas.ts';
import { createScansService } from './service.ts';

export interface ScansRoutesOptions {
  blobs: BlobStore;
  engine: Pick<Engine, 'toScanResult'>;
  maxUploadBytes: number;
  quotas: Quotas;
}

const PROBLEM_ROUTES: { path: string; level: ProblemLevel }[] = [
  { path: 'errors', level: 'error' },
  { path: 'warnings', level: 'warning' },
  { path: 'info', level: 'info' },
];

export const scansRoutes: FastifyPluginAsyncTypebox<ScansRoutesOptions> = async (app, options) => {
  const service = createScansService({
    scans: createScansRepository(app.db),
    groups: createGroupsRepository(app.db),
    audit: createAuditRepository(app.db),
    blobs: options.blobs,
    engine: options.engine,
    knowledgeBase: createKnowledgeBase(app.db),
    enqueueScan: async (scanId) => {
      await app.enqueue(SCAN_QUEUE, { scanId } satisfies ScanJobData);
    },
    maxUploadBytes: options.maxUploadBytes,
    quotas: options.quotas,
    usage: createQuotaRepository(app.db),
    transaction: (work) => app.db.transaction((tx) => work({ scans: createScansRepository(tx), audit: createAuditRepository(tx), usage: createQuotaRepository(tx) })),
  });

  app.post(
    '/rest/groups/:id/upload/',
    {
      config: { access: 'authenticated', multipartFile: 'file' },
      schema: {
        tags: ['scans'],
        summary: 'Upload a file (multipart field "file") and start its scan',
        params: UploadParams,
        response: { 201: Scan, 400: FieldErrors, 401: ErrorDetail, 403: ErrorDetail, 404: ErrorDetail, 413: ErrorDetail, 429: ErrorDetail },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await service.assertCanUpload(viewer, request.params.id);
      const file = await readFilePart(request, options.maxUploadBytes);
      return reply.status(201).send(await service.upload(viewer, request.params.id, file));
    },
  );

  app.get(
    '/rest/scans/',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['scans'], querystring: ScanListQuery, response: { 200: ScanPage, 400: FieldErrors, 401: ErrorDetail } },
    },
    async (request) => service.list(requireViewer(request), request.query, pageRequest(request.query)),
  );

  app.get(
    '/rest/scans/:id/',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['scans'], params: IdParams, response: { 200: Scan, 401: ErrorDetail, 404: ErrorDetail } },
    },
    async (request) => service.get(requireViewer(request), request.params.id),
  );

  app.get(
    '/rest/scans/:id/result/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['scans'],
        description: 'The components of a ready scan; 409 while the scan is busy or failed.',
        params: IdParams,
        response: { 200: ScanResult, 401: ErrorDetail, 404: ErrorDetail, 409: ErrorDetail },
      },
    },
    async (request) => service.result(requireViewer(request), request.params.id),
  );

  for (const { path, level } of PROBLEM_ROUTES) {
    app.get(
      `/rest/scans/:id/${path}/`,
      {
        config: { access: 'authenticated' },
        schema: { tags: ['scans'], params: IdParams, querystring: ProblemQuery, response: { 200: ProblemPage, 401: ErrorDetail, 404: ErrorDetail } },
      },
      async (request) =>
        service.problems(requireViewer(request), request.params.id, level, pageRequest(request.query), `/rest/scans/${request.params.id}/${path}/`),
    );
  }
};
