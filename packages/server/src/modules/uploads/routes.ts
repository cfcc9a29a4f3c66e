import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import { ErrorDetail } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { parseUploadMetadata, type ResumableUploadsService, type UploadProgress } from './service.ts';

const TUS_VERSION = '1.0.0';
const DAY_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;

const UploadIdParams = Type.Object({ uploadId: Type.String({ pattern: '^[0-9a-f]{32}$', description: 'The id the creation answered in Location' }) });
const UploadLimit = Type.Object(
  { max_upload_bytes: Type.Integer({ description: "The largest file the caller may upload now: the company's limit, the server's cap, what quotas leave." }) },
  { title: 'UploadLimit' },
);
/** No body: what a tus answer says is in its headers (Tus-Resumable 1.0.0 on each). */
const Empty = (description: string) => Type.Null({ description });

/**
 * Resumable uploads, the core of tus 1.0 (creation, HEAD, PATCH, termination) under
 * /rest/uploads/. Upload-Metadata names `filename` and `group`; the group and the declared size
 * are checked before a byte is stored, and the last byte turns the upload into a scan.
 */
export const uploadsRoutes: FastifyPluginAsyncTypebox<{ uploads: ResumableUploadsService }> = async (app, { uploads: service }) => {
  // PATCH bodies stay unread until the handler streams them to disk (no body limit applies here:
  // the store stops at the declared length, itself checked against the upload limit).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, undefined));

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Tus-Resumable', TUS_VERSION);
  });

  const sweep = async () => {
    const removed = await service.removeStale(new Date(Date.now() - DAY_MS));
    if (removed.length > 0) app.log.info({ uploads: removed }, 'removed resumable uploads older than a day');
  };
  const timer = setInterval(() => void sweep().catch((error: unknown) => app.log.error({ err: error }, 'sweeping resumable uploads failed')), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', sweep);
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/rest/uploads/limit/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['uploads'], summary: 'The largest file the caller may upload now', response: { 200: UploadLimit } },
    },
    async (request) => ({ max_upload_bytes: await service.limit(viewerOf(request)) }),
  );

  app.post(
    '/rest/uploads/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['uploads'],
        summary: 'tus creation: Upload-Length and Upload-Metadata (filename, group); the new upload is in Location',
        description: 'The group must allow upload_application (404 unseen, 403 without it); Upload-Length at most the upload limit (413).',
        response: {
          201: Empty('Created: PATCH the bytes to the Location header'),
          400: ErrorDetail,
          403: ErrorDetail,
          404: ErrorDetail,
          412: ErrorDetail,
          413: ErrorDetail,
          429: ErrorDetail,
        },
      },
    },
    async (request, reply) => {
      assertTusVersion(request);
      const length = wholeNumber(request.headers['upload-length']);
      if (length === undefined || length < 1) throw new AppError('upload_length_invalid');
      const metadata = parseUploadMetadata(single(request.headers['upload-metadata']));
      if (!metadata) throw new AppError('upload_metadata_invalid');
      const upload = await service.create(viewerOf(request), length, metadata);
      return reply.status(201).header('Location', `/rest/uploads/${upload.id}`).header('Upload-Offset', 0).send(null);
    },
  );

  app.route({
    method: 'HEAD',
    url: '/rest/uploads/:uploadId',
    config: { permission: 'authenticated' },
    schema: { tags: ['uploads'], summary: 'tus: where the upload stands (Upload-Offset)', params: UploadIdParams, response: { 200: Empty('Upload-Offset (bytes received), Upload-Length, and Binlens-Scan-Id once complete') } },
    handler: async (request, reply) => {
      return sendProgress(reply.status(200).header('Cache-Control', 'no-store'), await service.status(viewerOf(request), request.params.uploadId));
    },
  });

  app.patch(
    '/rest/uploads/:uploadId',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['uploads'],
        summary: 'tus: appends application/offset+octet-stream at Upload-Offset; the last byte makes the scan (Binlens-Scan-Id)',
        params: UploadIdParams,
        response: { 204: Empty('Stored: Upload-Offset, and Binlens-Scan-Id once complete'), 400: ErrorDetail, 404: ErrorDetail, 409: ErrorDetail, 412: ErrorDetail, 413: ErrorDetail, 415: ErrorDetail, 429: ErrorDetail },
      },
    },
    async (request, reply) => {
      assertTusVersion(request);
      if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/offset+octet-stream') throw new AppError('upload_content_type');
      const offset = wholeNumber(request.headers['upload-offset']);
      if (offset === undefined) throw new AppError('upload_offset_invalid');
      return sendProgress(reply.status(204), await service.append(viewerOf(request), request.params.uploadId, offset, request.raw, wholeNumber(request.headers['content-length'])));
    },
  );

  app.delete(
    '/rest/uploads/:uploadId',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['uploads'], summary: 'tus termination: the upload and its bytes are removed', params: UploadIdParams, response: { 204: Empty('Removed'), 404: ErrorDetail, 409: ErrorDetail, 412: ErrorDetail } },
    },
    async (request, reply) => {
      assertTusVersion(request);
      await service.terminate(viewerOf(request), request.params.uploadId);
      return reply.status(204).send(null);
    },
  );
};

function sendProgress(reply: FastifyReply, progress: UploadProgress): FastifyReply {
  reply.header('Upload-Offset', progress.offset).header('Upload-Length', progress.length);
  if (progress.scanId !== null) reply.header('Binlens-Scan-Id', progress.scanId);
  return reply.send(null);
}

function assertTusVersion(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION) throw new AppError('upload_tus_version', undefined, { 'Tus-Version': TUS_VERSION });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** A header holding only digits, as a safe integer: "1048576" → 1048576, "1e3" or "-1" → undefined. */
function wholeNumber(value: string | string[] | undefined): number | undefined {
  const text = single(value);
  if (text === undefined || !/^\d{1,16}$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : undefined;
}
