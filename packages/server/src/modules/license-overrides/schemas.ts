import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';
import { OVERRIDE_SCOPES, OverrideScopeFields } from '../component-adjustments/override-scope.ts';

export const LicenseOverride = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  scan: Type.Union([Type.Integer(), Type.Null()], { description: 'The application it was made on; null once that was removed.' }),
  component_name: Type.String(),
  component_version: Type.Union([Type.String(), Type.Null()], { description: 'Null: every version.' }),
  scope: Type.Enum(OVERRIDE_SCOPES, { description: '1 result, 2 group, 3 global.' }),
  group_scope: Type.Union([Type.Integer(), Type.Null()]),
  result_scope: Type.Union([Type.Integer(), Type.Null()]),
  license_name: Type.String(),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'LicenseOverride' });
export type LicenseOverride = Static<typeof LicenseOverride>;

export const LicenseOverridePage = Paged(LicenseOverride);

const LicenseOverrideFields = {
  component_version: Type.Optional(Type.Union([Text({ maxLength: 200 }), Type.Null()], { description: 'The exact version it holds for; null or omitted: every version.' })),
  license_name: Text({ minLength: 1, maxLength: 300, description: 'An SPDX licence id or expression, or a LicenseRef.' }),
  ...OverrideScopeFields,
};

export const LicenseOverrideCreate = Type.Object({
  scan: Id,
  component_name: Text({ minLength: 1, maxLength: 300 }),
  ...LicenseOverrideFields,
}, { title: 'LicenseOverrideCreate', ...NO_OTHER_FIELDS });
export type LicenseOverrideCreate = Static<typeof LicenseOverrideCreate>;

export const LicenseOverrideUpdate = Type.Partial(Type.Object(LicenseOverrideFields), { title: 'LicenseOverrideUpdate', ...NO_OTHER_FIELDS });
export type LicenseOverrideUpdate = Static<typeof LicenseOverrideUpdate>;

export const LicenseOverrideListQuery = Type.Object({
  scan: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only the overrides that reach this application.' })),
  component_name: Type.Optional(Text({ maxLength: 300 })),
  component_version: Type.Optional(Text({ maxLength: 200 })),
  scope: Type.Optional(Type.Enum(OVERRIDE_SCOPES)),
  ...PageQuery,
});
export type LicenseOverrideListQuery = Static<typeof LicenseOverrideListQuery>;
