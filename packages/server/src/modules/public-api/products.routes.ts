// The public /api/ product routes (public-api.md §2.2): the result (by id or SHA1) and its SBOM
// exports, rename, removal of the product or of its file, abort, rescan, custom data and
// infoleaks. Each declares the permission of the matching /rest/ route, scoped to the scan.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorDetail, envelope } from '../../lib/api-envelope.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ACTION_PERMISSION } from '../scans/control-service.ts';
import { metaHeaders } from './meta-headers.ts';
import { ProductParams, productRef } from './product-ref.ts';
import {
  ProductCustomDataResponse, ProductDone, ProductEntryResponse, ProductInfoleakQuery, ProductInfoleaksResponse, ProductQuery, ProductRenameBody, ProductResultResponse,
} from './products.schemas.ts';
import type { ProductsService } from './products-service.ts';
import { originOf } from '../../lib/site-url.ts';

const scope = { scan: 'params.id' } as const;
const tags = ['public-api'];

export const productsRoutes: FastifyPluginAsyncTypebox<{ products: ProductsService }> = async (app, { products }) => {
  const preValidation = productRef((viewer, sha1) => products.bySha1(viewer, sha1));

  app.get('/api/product/:id', {
    preValidation,
    config: { permission: 'view_appcheckgroup', scope },
    schema: {
      tags,
      summary: 'A product\'s result (public-api.md §3), also by the SHA1 of its file; with ?format= its SBOM',
      description: 'Polled by CI clients until status is R or F. With format=spdx (SPDX 2.3 JSON), cyclonedx or cyclonedx/json (CycloneDX 1.6 JSON), cyclonedx/xml or bdio (BDIO 2 JSON-LD) '
        + 'the document itself is answered, without the envelope; 409 while the scan is not ready.',
      params: ProductParams,
      querystring: ProductQuery,
      response: { 200: ProductResultResponse, 409: ApiErrorDetail },
    },
  }, async (request, reply) => {
    const viewer = viewerOf(request);
    const { format } = request.query;
    if (format === undefined) return envelope(await products.result(viewer, request.params.id, originOf(request)));
    const document = await products.export(viewer, request.params.id, format, originOf(request));
    // A document in its own format, already serialised: not the envelope the schema describes.
    return reply.type(`${document.mediaType}; charset=utf-8`).send(document.body as never);
  });

  app.patch('/api/product/:id', {
    preValidation,
    config: { permission: 'upload_application', scope },
    schema: { tags, summary: 'Rename a product', params: ProductParams, body: ProductRenameBody, response: { 200: ProductEntryResponse } },
  }, async (request) => envelope(await products.rename(viewerOf(request), request.params.id, request.body.name)));

  app.delete('/api/product/:id', {
    preValidation,
    config: { permission: ACTION_PERMISSION.remove, scope },
    schema: { tags, summary: 'Delete a product with its results and file', params: ProductParams, response: { 200: ProductDone } },
  }, async (request) => {
    await products.remove(viewerOf(request), request.params.id);
    return { meta: { code: 200 } };
  });

  app.delete('/api/product/:id/remove', {
    preValidation,
    config: { permission: ACTION_PERMISSION.removeBinary, scope },
    schema: { tags, summary: "Delete the product's stored file and keep its results", description: '409 when it was already removed.', params: ProductParams, response: { 200: ProductDone, 409: ApiErrorDetail } },
  }, async (request) => {
    await products.removeBinary(viewerOf(request), request.params.id);
    return { meta: { code: 200 } };
  });

  app.post('/api/product/:id/abort', {
    preValidation,
    config: { permission: ACTION_PERMISSION.abort, scope },
    schema: { tags, summary: 'Abort a queued or running scan', description: '409 when it has finished.', params: ProductParams, response: { 200: ProductDone, 409: ApiErrorDetail } },
  }, async (request) => {
    await products.abort(viewerOf(request), request.params.id);
    return { meta: { code: 200 } };
  });

  app.post('/api/product/:id/rescan', {
    preValidation,
    config: { permission: ACTION_PERMISSION.rescan, scope },
    schema: { tags, summary: 'Scan the stored file again', description: '409 while it is busy and once its file was removed.', params: ProductParams, response: { 200: ProductDone, 409: ApiErrorDetail } },
  }, async (request) => {
    await products.rescan(viewerOf(request), request.params.id);
    return { meta: { code: 200 } };
  });

  app.post('/api/product/:id/custom-data', {
    preValidation,
    // Without META- headers the call only reads; setting keys needs upload_application, checked by the service.
    config: { permission: 'view_appcheckgroup', scope },
    schema: {
      tags,
      summary: 'Set custom data from META-<KEY> headers (an empty value removes the key) and answer it all',
      description: 'Dashes in keys become underscores and keys are upper-cased; 403 when headers are sent without upload_application on the group.',
      params: ProductParams,
      response: { 200: ProductCustomDataResponse },
    },
  }, async (request) => {
    const mayWrite = request.groupAccess?.permissions.includes('upload_application') ?? false;
    const custom_data = await products.customData(viewerOf(request), request.params.id, metaHeaders(request.headers), mayWrite);
    return { meta: { code: 200 }, custom_data, results: { custom_data } };
  });

  app.get('/api/product/:id/infoleak', {
    preValidation,
    config: { permission: 'view_appcheckgroup', scope },
    schema: {
      tags,
      summary: 'The information leaks found in a ready product, a page at a time',
      description: 'Secrets come masked unless the caller may change the group, as in /rest/; triaged findings are left out. 409 while the scan is not ready.',
      params: ProductParams,
      querystring: ProductInfoleakQuery,
      response: { 200: ProductInfoleaksResponse, 409: ApiErrorDetail },
    },
  }, async (request) => {
    const mayReveal = request.groupAccess?.permissions.includes('change_appcheckgroup') ?? false;
    const page = { limit: request.query.limit ?? 500, offset: request.query.offset ?? 0 };
    return envelope(await products.infoleaks(viewerOf(request), request.params.id, page, mayReveal));
  });
};
