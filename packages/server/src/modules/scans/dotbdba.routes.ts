import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanPortableService } from './dotbdba-service.ts';

/** GET /rest/scans/{id}/dotbdba/: the scan as a portable scan file, re-importable by an upload; 409 while it is busy or failed. */
export const scanDotbdbaRoutes: FastifyPluginAsyncTypebox<{ portable: ScanPortableService }> = async (app, { portable }) => {
  app.get('/rest/scans/:id/dotbdba/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: 'The portable scan file (.bdba): the scan\'s Identification as gzip-compressed JSON, which an upload imports as a scan',
      params: IdParams,
      response: { 200: Type.String({ format: 'binary', description: 'The gzip file, as an attachment named after the scan (`<name>.bdba`).' }), 409: ErrorDetail },
    },
  }, async (request, reply) => {
    const file = await portable.download(viewerOf(request), request.params.id);
    // Named as the SBOM downloads are: quoted for ASCII, and in full as RFC 8187 UTF-8. The
    // pattern takes what the quoted name cannot hold: `fw "é".bin` → `fw ___.bin`.
    const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return reply
      .type(file.mediaType)
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      // A stream is sent as it comes, never through the response schema (which documents the body).
      .send(file.stream as never);
  });
};
