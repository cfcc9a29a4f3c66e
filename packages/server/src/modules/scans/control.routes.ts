import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ScanBulkResult, ScanSelection, ScanUpdate } from './control.schemas.ts';
import { ACTION_PERMISSION, type ScanAction, type ScanControlService } from './control-service.ts';
import { Scan } from './schemas.ts';

const scope = { scan: 'params.id' } as const;

/** The bulk forms (spec §9 "rescan selected applications" and the like): one path per action, the ids in the body. */
const BULK: { path: string; action: ScanAction; summary: string }[] = [
  { path: 'rescan', action: 'rescan', summary: 'Rescan the selected scans' },
  { path: 'abort', action: 'abort', summary: 'Abort the selected queued or running scans' },
  { path: 'delete', action: 'remove', summary: 'Remove the selected scans with their results and files' },
  { path: 'delete-binary', action: 'removeBinary', summary: 'Remove the files of the selected scans, keeping their results' },
];

export const scanControlRoutes: FastifyPluginAsyncTypebox<{ control: ScanControlService }> = async (app, { control }) => {
  app.post(
    '/rest/scans/:id/rescan/',
    {
      config: { permission: ACTION_PERMISSION.rescan, scope },
      schema: {
        tags: ['scans'],
        summary: 'Scan the stored file again',
        description: "409 while the scan is queued or running, and when its file was removed.",
        params: IdParams,
        response: { 200: Scan, 409: ErrorDetail },
      },
    },
    async (request) => control.rescan(viewerOf(request), request.params.id),
  );

  app.post(
    '/rest/scans/:id/abort/',
    {
      config: { permission: ACTION_PERMISSION.abort, scope },
      schema: {
        tags: ['scans'],
        summary: 'Abort a queued or running scan',
        description: 'The scan fails with "Aborted by <email>"; 409 when it has already finished.',
        params: IdParams,
        response: { 200: Scan, 409: ErrorDetail },
      },
    },
    async (request) => control.abort(viewerOf(request), request.params.id),
  );

  app.patch(
    '/rest/scans/:id/',
    {
      config: { permission: 'upload_application', scope },
      schema: { tags: ['scans'], summary: 'Rename or move a scan (only the fields sent change)', params: IdParams, body: ScanUpdate, response: { 200: Scan } },
    },
    async (request) => control.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/scans/:id/',
    {
      config: { permission: ACTION_PERMISSION.remove, scope },
      schema: { tags: ['scans'], summary: 'Remove a scan, its results and its file', params: IdParams, response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await control.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/rest/scans/:id/binary/',
    {
      config: { permission: ACTION_PERMISSION.removeBinary, scope },
      schema: {
        tags: ['scans'],
        summary: "Remove the scan's file and keep its results",
        description: 'A rescan is refused afterwards; 409 when the file was already removed.',
        params: IdParams,
        response: { 200: Scan, 409: ErrorDetail },
      },
    },
    async (request) => control.removeBinary(viewerOf(request), request.params.id),
  );

  for (const { path, action, summary } of BULK) {
    app.post(
      `/rest/scans/${path}/`,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags: ['scans'],
          summary,
          description: `Each id is acted on when the caller holds ${ACTION_PERMISSION[action]} on its group; the others are listed in refused with the reason.`,
          body: ScanSelection,
          response: { 200: ScanBulkResult },
        },
      },
      async (request) => control.bulk(viewerOf(request), action, request.body.id__in),
    );
  }
};
