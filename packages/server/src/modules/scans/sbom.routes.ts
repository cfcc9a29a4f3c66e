import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { SBOM_FORMATS, type SbomFormat, type ScanSbomService } from './sbom-service.ts';

const SbomQuery = Type.Object({
  format: Type.Union(
    (Object.keys(SBOM_FORMATS) as SbomFormat[]).map((format) => Type.Literal(format)),
    { description: 'cyclonedx-json: CycloneDX 1.6 JSON; cyclonedx-xml: CycloneDX 1.6 XML; spdx-json: SPDX 2.3 JSON; spdx-tag-value: SPDX 2.3 tag-value.' },
  ),
});

/** GET /rest/scans/{id}/sbom/?format=: the scan's SBOM as a download; 409 while it is busy or failed. */
export const scanSbomRoutes: FastifyPluginAsyncTypebox<{ sbom: ScanSbomService }> = async (app, { sbom }) => {
  app.get('/rest/scans/:id/sbom/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: "The scan's bill of materials with its vulnerabilities evaluated now, as the CLI writes it",
      params: IdParams,
      querystring: SbomQuery,
      response: { 200: Type.String({ description: 'The document, as an attachment named after the scan.' }), 409: ErrorDetail },
    },
  }, async (request, reply) => {
    const document = await sbom.sbom(viewerOf(request), request.params.id, request.query.format);
    // The name is the uploaded file's: quoted for ASCII, and in full as RFC 8187 UTF-8.
    const ascii = document.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    // Fastify names the charset of JSON types itself, an XML document in its declaration; a text
    // type (SPDX tag-value) has no default worth trusting, so it is named here.
    const type = document.mediaType.startsWith('text/') ? `${document.mediaType}; charset=utf-8` : document.mediaType;
    return reply
      .type(type)
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`)
      .send(document.body);
  });
};
