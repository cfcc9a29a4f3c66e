import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorDetail, envelope } from '../../lib/api-envelope.ts';
import { originOf } from '../../lib/site-url.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { cleanFilename } from '../scans/multipart.ts';
import { ReplacedResponse, UploadHeaders, UploadParams, UploadResponse } from './ingest.schemas.ts';
import { checkedFilename, type PublicUploadService, readIngestHeaders } from './upload-service.ts';

/**
 * The request body as a stream of its own: the blob store destroys what it reads when the file
 * is too large, which must not destroy the request (its socket carries the answer). A client
 * that goes away mid-body fails the stream.
 */
function detachedBody(raw: IncomingMessage): PassThrough {
  const body = new PassThrough();
  raw.pipe(body);
  raw.on('error', (error) => body.destroy(error));
  raw.on('close', () => {
    if (!raw.readableEnded) body.destroy(new Error('the connection closed before the whole file arrived'));
  });
  return body;
}

/**
 * PUT /api/upload/{filename}: the request body is the file, whatever its Content-Type (CI
 * clients send raw bytes, `application/octet-stream` or none): it is never parsed, but streamed
 * to the blob store under the upload limit and quotas of /rest/ uploads.
 */
export const publicUploadRoutes: FastifyPluginAsyncTypebox<{ publicUpload: PublicUploadService }> = async (app, { publicUpload: service }) => {
  // In this plugin only: every body stays the raw request stream for the handler to read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.put(
    '/api/upload/:filename',
    {
      // The group comes in the Group header, which the route guard cannot read: the service resolves it (404 unseen, 403 no upload_application).
      config: { permission: 'authenticated' },
      schema: {
        tags: ['public-api'],
        summary: 'Upload a file (the raw request body) and start its scan',
        description:
          'Headers: Group (required), Replace, Version, Delete-Binary, Force-Scan, Callback, META-<KEY> (custom data; `-` in KEY is stored as `_`; an empty value removes the key). ' +
          'Answers 201 with the new product, 200 with an earlier scan of the same bytes when the company reuses scans (unless Force-Scan: true), and 201 with only a message when Replace named a product. ' +
          'Scan-Infoleak, Code-Analysis and Scan-Code-Familiarity are accepted and not used. A file name longer than 241 characters is refused.',
        params: UploadParams,
        headers: UploadHeaders,
        response: { 200: UploadResponse, 201: Type.Union([UploadResponse, ReplacedResponse]), 409: ApiErrorDetail, 413: ApiErrorDetail },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const filename = cleanFilename(checkedFilename(request.params.filename));
      const ingest = await service.checkTarget(viewer, readIngestHeaders(request.headers));
      const raw = request.raw;
      const stream = detachedBody(raw);
      let answer;
      try {
        answer = await service.upload(viewer, ingest, { filename, stream, streamError: () => raw.errored ?? undefined }, originOf(request));
      } finally {
        // A refused body (too large) is read to its end and dropped, so that the answer reaches the client.
        raw.unpipe(stream);
        if (!raw.readableEnded) raw.resume();
      }
      const { result, replaced, reused } = answer;
      if (replaced) return reply.status(201).send({ meta: { code: 201 }, message: `The file of product ${result.product_id} was replaced; its scan has started.` });
      const code = reused ? 200 : 201;
      return reply.status(code).send(envelope(result, code));
    },
  );
};
