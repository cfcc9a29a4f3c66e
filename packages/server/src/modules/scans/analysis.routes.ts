// The analyzers' results of a ready scan (spec §7): GET /scans/{id}/executable-attributes/,
// {scanUrl}mobileapps/, scans/{id}/infoleak/ (search) and the infoleak lists per kind.
// Shapes are the native JSON contract's; lists are paged like every list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { GroupAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanAnalysisService } from './analysis-service.ts';
import { parseIdList } from '../../lib/id-list.ts';
import {
  ExecutableAttributesQuery, INFOLEAK_KINDS, InfoleakKindParams, InfoleakKindQuery, InfoleakPage, InfoleakQuery, ExecutableAttributesPage, MobileAppPage, PageOnlyQuery,
} from './analysis.schemas.ts';

/** Spec §9: ids are fetched in chunks of 100. */
const MAX_IDS = 100;

export const analysisRoutes: FastifyPluginAsyncTypebox<{ analysis: ScanAnalysisService }> = async (app, { analysis }) => {

  app.get('/rest/scans/:id/executable-attributes/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description: 'Format, machine and hardening attributes of every executable and library in a ready scan; 409 while it is busy or failed.',
      params: IdParams,
      querystring: ExecutableAttributesQuery,
      response: { 200: ExecutableAttributesPage, 409: ErrorDetail },
    },
  }, async (request) => {
    const { id } = request.params;
    const { format, missing, search } = request.query;
    const filter = { format, missing, search: search === '' ? undefined : search };
    const links = { path: `/rest/scans/${id}/executable-attributes/`, query: { format, missing, search } };
    return analysis.executables(viewerOf(request), id, filter, pageRequest(request.query), links);
  });

  app.get('/rest/scans/:id/mobileapps/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description: 'Android and iOS apps found in a ready scan (manifest, permissions, signing, libraries); 409 while it is busy or failed.',
      params: IdParams,
      querystring: PageOnlyQuery,
      response: { 200: MobileAppPage, 409: ErrorDetail },
    },
  }, async (request) => {
    const { id } = request.params;
    return analysis.mobileApps(viewerOf(request), id, pageRequest(request.query), { path: `/rest/scans/${id}/mobileapps/`, query: {} });
  });

  app.get('/rest/scans/:id/infoleak/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      description: 'Information leaks of a ready scan, optionally of one kind or matching a search; documentation examples (decoys) only when asked; the matched findings, or with `triaged=true` the triaged ones, each with the triages that hold for it.',
      params: IdParams,
      querystring: InfoleakQuery,
      response: { 200: InfoleakPage, 409: ErrorDetail },
    },
  }, async (request) => {
    const { id } = request.params;
    const { kind, search, include_decoys: includeDecoys, id__in: idIn, triaged, ...rest } = request.query;
    const ids = idIn === undefined ? undefined : parseIds(idIn);
    const filter = { kind, search: search === '' ? undefined : search, includeDecoys: includeDecoys === true, ids, triaged };
    const links = { path: `/rest/scans/${id}/infoleak/`, query: { kind, search, include_decoys: includeDecoys, id__in: idIn, triaged } };
    return analysis.infoleaks(viewerOf(request), id, filter, pageRequest(rest), links, mayReveal(request.groupAccess));
  });

  app.get('/rest/infoleak/:kind/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'query.scan' } },
    schema: {
      tags: ['scans'],
      description: 'The findings of one infoleak kind in a scan, ordered by id; `id__in` picks some (at most 100); the matched findings, or with `triaged=true` the triaged ones.',
      params: InfoleakKindParams,
      querystring: InfoleakKindQuery,
      response: { 200: InfoleakPage, 409: ErrorDetail },
    },
  }, async (request) => {
    const kind = request.params.kind.replaceAll('-', '_');
    if (!(INFOLEAK_KINDS as readonly string[]).includes(kind)) throw new AppError('not_found');
    const { scan, id__in: idIn, ordering: _ordering, triaged, ...rest } = request.query;
    const ids = idIn === undefined ? undefined : parseIds(idIn);
    const links = { path: `/rest/infoleak/${request.params.kind}/`, query: { scan, id__in: idIn, triaged } };
    return analysis.infoleaks(viewerOf(request), scan, { kind, ids, triaged }, pageRequest(rest), links, mayReveal(request.groupAccess));
  });
};

/** Secrets are read in full by those who may change the scan's group (managers, administrators). */
function mayReveal(access: GroupAccess | null): boolean {
  return access?.permissions.includes('change_appcheckgroup') ?? false;
}

function parseIds(value: string): number[] {
  return parseIdList(value, MAX_IDS);
}
