import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';
import { SHA1_PATTERN } from '../adjustments/scope.ts';
import { OVERRIDE_SCOPES, OverrideScopeFields } from '../component-adjustments/override-scope.ts';

export const VersionOverride = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  component_name: Type.String(),
  hashes: Type.Array(Type.String(), { description: 'SHA-1s of the component\'s files (objects) the override holds for.' }),
  version: Type.String(),
  scope: Type.Enum(OVERRIDE_SCOPES, { description: '1 result, 2 group, 3 global.' }),
  group_scope: Type.Union([Type.Integer(), Type.Null()]),
  result_scope: Type.Union([Type.Integer(), Type.Null()]),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'VersionOverride' });
export type VersionOverride = Static<typeof VersionOverride>;

export const VersionOverridePage = Paged(VersionOverride);

export const VersionOverrideCreate = Type.Object({
  scan: Id,
  component_name: Text({ minLength: 1, maxLength: 300 }),
  hashes: Type.Array(Type.String({ pattern: SHA1_PATTERN }), {
    minItems: 1,
    maxItems: 10_000,
    description: 'SHA-1s of files of the component in the application named by scan (its objects): the override holds wherever a component of this name holds one of them.',
  }),
  version: Text({ minLength: 1, maxLength: 200 }),
  ...OverrideScopeFields,
}, { title: 'VersionOverrideCreate', ...NO_OTHER_FIELDS });
export type VersionOverrideCreate = Static<typeof VersionOverrideCreate>;

export const VersionOverrideListQuery = Type.Object({
  scan: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only the overrides that reach this application.' })),
  component_name: Type.Optional(Text({ maxLength: 300 })),
  scope: Type.Optional(Type.Enum(OVERRIDE_SCOPES)),
  ...PageQuery,
});
export type VersionOverrideListQuery = Static<typeof VersionOverrideListQuery>;
