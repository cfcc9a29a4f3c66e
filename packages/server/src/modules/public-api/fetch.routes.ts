import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorDetail, envelope } from '../../lib/api-envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { FetchHeaders, UploadResponse } from './ingest.schemas.ts';
import { originOf } from '../../lib/site-url.ts';
import { type PublicUploadService, readIngestHeaders } from './upload-service.ts';

/** More download headers than any client sends; the fetch service bounds them again. */
const MAX_CUSTOM_HEADERS = 20;

/**
 * Each `Custom-Header: Name: value` of the request, in order. Node joins repeated headers it does
 * not know into one value with ", ", which a value holding a comma (a cookie, a date) would make
 * ambiguous: the raw header list keeps each one apart.
 */
export function customHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  let count = 0;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() !== 'custom-header') continue;
    const line = rawHeaders[i + 1] ?? '';
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!name) throw new AppError('api_header_invalid', 'A Custom-Header is "Name: value", e.g. "Authorization: Bearer abc".');
    count += 1;
    if (count > MAX_CUSTOM_HEADERS) throw new AppError('api_header_invalid', `At most ${MAX_CUSTOM_HEADERS} Custom-Header headers.`);
    if (Object.keys(headers).some((known) => known.toLowerCase() === name.toLowerCase())) {
      throw new AppError('api_header_invalid', `The Custom-Header ${name.slice(0, 64)} is given twice.`);
    }
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

export const publicFetchRoutes: FastifyPluginAsyncTypebox<{ publicUpload: PublicUploadService }> = async (app, { publicUpload: service }) => {
  app.post(
    '/api/fetch',
    {
      // The group comes in the Group header: the service resolves it (404 unseen, 403 no upload_application).
      config: { permission: 'authenticated' },
      schema: {
        tags: ['public-api'],
        summary: 'Have the server download a file from a URL and scan it',
        description:
          'Headers: Url and Group (required), repeatable Custom-Header ("Name: value", sent with the download only), Version, Delete-Binary, Callback, META-<KEY>. ' +
          'Answers 201 with the new product at once (busy while the download runs). The SSRF guard of /rest/scans/fetch/ applies: loopback, private and ' +
          'link-local addresses only when an administrator allowed their network, metadata addresses never. Replace is refused: upload with PUT /api/upload/ instead.',
        headers: FetchHeaders,
        response: { 201: UploadResponse, 413: ApiErrorDetail, 429: ApiErrorDetail },
      },
    },
    async (request, reply) => {
      const url = request.headers.url;
      const text = Array.isArray(url) ? url.at(-1) : url;
      if (!text?.trim()) throw new AppError('api_url_header_missing');
      const ingest = readIngestHeaders(request.headers);
      const result = await service.fetch(viewerOf(request), ingest, text, customHeaders(request.raw.rawHeaders), originOf(request));
      return reply.status(201).send(envelope(result, 201));
    },
  );
};
