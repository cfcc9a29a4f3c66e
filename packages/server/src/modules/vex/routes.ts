import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { sendAttachment } from '../../lib/attachment.ts';
import { AppError } from '../../lib/errors.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { MAX_VEX_BYTES } from './detect.ts';
import { VEX_IMPORT_SCOPES, VexExportQuery, VexImportFields, VexImportResult, type VexImportScope } from './schemas.ts';
import type { VexImportOptions, VexService } from './service.ts';

const DOWNLOAD = { 200: Type.String({ description: 'The document, as an attachment.' }) };

/**
 * GET .../vex/?format=: the triages of an application, a group or the account as CycloneDX or
 * OpenVEX; POST /rest/vex/: a CycloneDX, OpenVEX or CSAF document made into triages.
 */
export const vexRoutes: FastifyPluginAsyncTypebox<{ vex: VexService }> = async (app, { vex }) => {
  app.get('/rest/scans/:id/vex/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['vex'],
      summary: 'The triages that hold in the application, on its components as evaluated now, as a VEX document',
      params: IdParams, querystring: VexExportQuery, response: { ...DOWNLOAD, 409: ErrorDetail },
    },
  }, async (request, reply) => sendAttachment(reply, await vex.exportScan(viewerOf(request), request.params.id, request.query.format)));

  app.get('/rest/groups/:id/vex/', {
    config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } },
    schema: {
      tags: ['vex'],
      summary: 'The triages whose scope reaches the applications of the group, as a VEX document',
      description: 'Those of the group or, inheriting, an ancestor (G), of one of its applications (R), of their names (FN), '
        + 'and account-wide and file-hash ones (CA, FH); those of its subgroups are in their own exports.',
      params: IdParams, querystring: VexExportQuery, response: { ...DOWNLOAD, 409: ErrorDetail },
    },
  }, async (request, reply) => sendAttachment(reply, await vex.exportGroup(viewerOf(request), request.params.id, request.query.format)));

  app.get('/rest/vex/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['vex'],
      summary: 'Every triage the user sees, as a VEX document',
      querystring: VexExportQuery, response: { ...DOWNLOAD, 409: ErrorDetail },
    },
  }, async (request, reply) => sendAttachment(reply, await vex.exportAccount(viewerOf(request), request.query.format)));

  app.post('/rest/vex/', {
    config: { permission: 'add_vulnerabilityinvalidation', multipartFile: 'file', multipartFields: VexImportFields },
    schema: {
      tags: ['vex'],
      summary: 'Import a CycloneDX, OpenVEX or CSAF 2.0 VEX document (multipart field "file") as triages',
      description: 'Every statement becomes triages in the scope chosen, all or none: a statement naming a component or vulnerability the scope '
        + 'does not have refuses the import (400). With dry_run=true nothing is made: the answer says what would be.',
      response: { 200: VexImportResult, 201: VexImportResult, 413: ErrorDetail },
    },
  }, async (request, reply) => {
    const { bytes, options } = await readImport(request);
    const result = await vex.import(viewerOf(request), bytes, options);
    return reply.status(result.dry_run || result.create.length === 0 ? 200 : 201).send(result);
  });
};


/** The multipart body: the document (read whole, bounded) and the fields, checked here as Ajv would check a JSON body. */
async function readImport(request: FastifyRequest): Promise<{ bytes: Buffer; options: VexImportOptions }> {
  if (!request.isMultipart()) throw new AppError('file_missing');
  const fields = new Map<string, string>();
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_VEX_BYTES + 1, files: 1, fields: 10, fieldSize: 1000 } })) {
      if (part.type === 'file') {
        // A form without a chosen file still sends the part, with an empty filename.
        if (part.fieldname === 'file' && part.filename !== '') bytes = await part.toBuffer();
        else part.file.resume();
      } else {
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (error) {
    const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('vex_file_too_large');
    if (typeof statusCode === 'number' && statusCode < 500) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError('file_unreadable');
  }
  const scope = fields.get('scope') ?? '';
  if (!(VEX_IMPORT_SCOPES as readonly string[]).includes(scope)) throw new AppError('vex_scope_invalid');
  const options: VexImportOptions = {
    scope: scope as VexImportScope,
    groupScope: idField(fields.get('group_scope'), 'vex_group_scope_invalid'),
    resultScope: idField(fields.get('result_scope'), 'vex_result_scope_invalid'),
    dryRun: booleanField(fields.get('dry_run')),
  };
  if (!bytes) throw new AppError('file_missing');
  if (bytes.length > MAX_VEX_BYTES) throw new AppError('vex_file_too_large');
  return { bytes, options };
}

function idField(value: string | undefined, code: 'vex_group_scope_invalid' | 'vex_result_scope_invalid'): number | null {
  if (value === undefined || value.trim() === '') return null;
  const id = /^\s*[1-9]\d{0,9}\s*$/.test(value) ? Number(value) : NaN;
  if (!(id <= 2147483647)) throw new AppError(code);
  return id;
}

function booleanField(value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1' || text === 'on') return true;
  throw new AppError('vex_dry_run_invalid');
}
