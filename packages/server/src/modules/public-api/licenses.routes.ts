// GET /api/licenses, /api/components and /api/tags (public-api.md §2.2 "Catalogue queries",
// PWN's calls, without and with the trailing slash): the licences the server classes, the
// components the engine identifies and their tags (/api/vulnerabilities: modules/vulnerabilities).
import type { LicensePolicyOverrides } from '@binlens/engine';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import spdxIds from 'spdx-license-ids/index.json' with { type: 'json' };
import deprecatedSpdxIds from 'spdx-license-ids/deprecated.json' with { type: 'json' };
import { envelope } from '../../lib/api-envelope.ts';
import { pageOf, pageRequest } from '../../lib/paging.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ComponentsService } from '../components/service.ts';
import { ApiComponentList, ApiComponentQuery, type ApiLicense, ApiLicenseList, ApiTagList } from './catalogue.schemas.ts';
import { licenseType } from './license-type.ts';

export interface PublicCatalogueDeps {
  /** The company's licence policy overrides, id → class (modules/settings). */
  policyOverrides: () => Promise<LicensePolicyOverrides>;
  components: Pick<ComponentsService, 'list' | 'tags'>;
}

export const publicCatalogueRoutes: FastifyPluginAsyncTypebox<PublicCatalogueDeps> = async (app, deps) => {
  app.get('/api/licenses', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['public-api'],
      summary: 'The licence catalogue: every SPDX licence id and each LicenseRef the account classes, with its policy class, by name',
      response: { 200: ApiLicenseList },
    },
  }, async (): Promise<ApiLicenseList> => envelope(licenseCatalogue(await deps.policyOverrides())));

  app.get('/api/components', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['public-api'],
      summary: 'The component catalogue (what the engine identifies), as /rest/components/, a page at a time',
      querystring: ApiComponentQuery,
      response: { 200: ApiComponentList },
    },
  }, async (request): Promise<ApiComponentList> => {
    const { q, ordering, tag, codetype } = request.query;
    const page = pageRequest(request.query);
    const { results, count } = await deps.components.list(viewerOf(request), { q, ordering, tag, codetype }, page);
    const { next } = pageOf(results, count, page, '/api/components/', { q, ordering, tag, codetype }).links;
    return { meta: { code: 200 }, count, results, next };
  });

  app.get('/api/tags', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['public-api'],
      summary: 'The tags of the component catalogue (signature families), with how many components carry each, as /rest/components/tags/',
      response: { 200: ApiTagList },
    },
  }, async (): Promise<ApiTagList> => {
    const results = deps.components.tags();
    return { meta: { code: 200 }, count: results.length, results };
  });
};

/** The SPDX list (deprecated ids too: results may name them) and the account's own LicenseRefs, sorted by name. */
export function licenseCatalogue(overrides: LicensePolicyOverrides): ApiLicense[] {
  const spdx = [...new Set([...spdxIds, ...deprecatedSpdxIds])];
  const listed = new Set(spdx.map((id) => id.toLowerCase()));
  const own = Object.keys(overrides).filter((id) => !listed.has(id.toLowerCase()));
  return [
    ...spdx.map((id) => ({ name: id, type: licenseType(id, overrides), url: `https://spdx.org/licenses/${id}.html` })),
    ...own.map((id) => ({ name: id, type: licenseType(id, overrides), url: '' })),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
