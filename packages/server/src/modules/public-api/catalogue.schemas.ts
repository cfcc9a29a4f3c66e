// The public /api/ catalogue queries (public-api.md §2.2 "Catalogue queries"): the clients
// model no shape, so the answers take the shapes a result already uses (§3.4 `{name, type,
// url}` licences, the /rest/ component catalogue entries) in the envelope, with `next` paging
// as the app listing has it (§2.1).
import { type Static, Type } from 'typebox';
import { ApiMeta, ApiPage, Enveloped } from '../../lib/api-envelope.ts';
import { PageQuery } from '../../lib/paging.ts';
import { Component, ComponentListQuery, ComponentTags } from '../components/schemas.ts';

export const ApiLicense = Type.Object({
  name: Type.String({ description: 'The SPDX licence id, or a LicenseRef the account classes.' }),
  type: Type.Union([Type.Literal('permissive'), Type.Literal('restrictive'), Type.Literal('restrictive-estimated'), Type.Literal('unknown')], {
    description: 'The policy class (spec §9) with the account\'s overrides, in the words of a result\'s licences: permissive (PE), restrictive (RE), restrictive-estimated (RU), unknown (unclassified).',
  }),
  url: Type.String({ description: 'The licence\'s page on the SPDX list; empty for a LicenseRef.' }),
}, { title: 'ApiLicense' });
export type ApiLicense = Static<typeof ApiLicense>;

export const ApiLicenseList = Enveloped(Type.Array(ApiLicense), 'ApiLicenseList');
export type ApiLicenseList = Static<typeof ApiLicenseList>;

export const ApiComponentQuery = Type.Object({
  q: ComponentListQuery.properties.q,
  ordering: ComponentListQuery.properties.ordering,
  tag: ComponentListQuery.properties.tag,
  codetype: ComponentListQuery.properties.codetype,
  ...PageQuery,
});
export type ApiComponentQuery = Static<typeof ApiComponentQuery>;

export const ApiComponentList = ApiPage(Component, 'ApiComponentList');
export type ApiComponentList = Static<typeof ApiComponentList>;

export const ApiTagList = Type.Object({ meta: ApiMeta, ...ComponentTags.properties }, { title: 'ApiTagList' });
export type ApiTagList = Static<typeof ApiTagList>;
