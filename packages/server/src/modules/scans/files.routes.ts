// A ready scan's file tree (GET /rest/scans/{id}/files/, files/detail/) and its container
// images layer by layer (GET /rest/scans/{id}/layers/); paged like every list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, type ErrorCode } from '../../lib/errors.ts';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanFilesService } from './files-service.ts';
import { ContainerImagePage, FileDetail, FileDetailQuery, FileTreePage, FileTreeQuery } from './files.schemas.ts';
import { PageOnlyQuery } from './analysis.schemas.ts';

/** Deeper than any real nesting (the engine unpacks 16 levels). */
const MAX_PATH_ELEMENTS = 64;

export const filesRoutes: FastifyPluginAsyncTypebox<{ files: ScanFilesService }> = async (app, { files }) => {
  app.get('/rest/scans/:id/files/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description:
        'The direct children of a folder or container of a ready scan (folders first, then by name), or with `search` every file and folder whose path holds the text; 404 when there is nothing at `parent`, 409 while the scan is busy or failed.',
      params: IdParams,
      querystring: FileTreeQuery,
      response: { 200: FileTreePage, 409: ErrorDetail },
    },
  }, async (request) => {
    const { id } = request.params;
    const { parent, search, ...rest } = request.query;
    const links = { path: `/rest/scans/${id}/files/`, query: { parent, search } };
    if (search !== undefined && search !== '') {
      if (parent !== undefined) throw new AppError('file_parent_with_search');
      return files.search(viewerOf(request), id, search, pageRequest(rest), links);
    }
    const path = parent === undefined ? [] : parsePath(parent, 'file_parent_invalid');
    return files.children(viewerOf(request), id, path, pageRequest(rest), links);
  });

  app.get('/rest/scans/:id/files/detail/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description: 'One file or folder of a ready scan with every component it is evidence of, its first 100 information leaks, its executable attributes and its mobile app; 404 when there is nothing at `path`.',
      params: IdParams,
      querystring: FileDetailQuery,
      response: { 200: FileDetail, 409: ErrorDetail },
    },
  }, async (request) => files.detail(viewerOf(request), request.params.id, parsePath(request.query.path, 'file_path_invalid')));

  app.get('/rest/scans/:id/layers/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description:
        "The container images (docker save, OCI) of a ready scan, each layer bottom first with the build step that wrote it, its files' count, the components found in it and the files it deleted; empty when the input holds none.",
      params: IdParams,
      querystring: PageOnlyQuery,
      response: { 200: ContainerImagePage, 409: ErrorDetail },
    },
  }, async (request) => {
    const { id } = request.params;
    return files.images(viewerOf(request), id, pageRequest(request.query), { path: `/rest/scans/${id}/layers/`, query: {} });
  });
};

/** An extended path given as JSON text: an array of at most 64 strings. */
function parsePath(text: string, invalid: ErrorCode): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(invalid);
  }
  if (!Array.isArray(value) || value.length > MAX_PATH_ELEMENTS || !value.every((element) => typeof element === 'string')) throw new AppError(invalid);
  return value as string[];
}
