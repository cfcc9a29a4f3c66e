import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';
import { ScopeFields, TRIAGE_SCOPES } from '../adjustments/scope.ts';

export const ComponentIgnore = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  scan_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The application it was made on; null once that was removed.' }),
  component_name: Type.String(),
  component_version: Type.Union([Type.String(), Type.Null()], { description: 'Null: every version.' }),
  description: Type.String(),
  scope: Type.Enum(TRIAGE_SCOPES, { description: 'CA account, G group, R application, FN application name, FH file hash.' }),
  group_scope: Type.Union([Type.Integer(), Type.Null()]),
  result_scope: Type.Union([Type.Integer(), Type.Null()]),
  application_name: Type.Union([Type.String(), Type.Null()], { description: 'Scope FN: the application name it holds for.' }),
  triaged_obj: Type.Union([Type.String(), Type.Null()], { description: 'Scope FH: the SHA-1 of the file it holds for.' }),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'ComponentIgnore' });
export type ComponentIgnore = Static<typeof ComponentIgnore>;

export const ComponentIgnorePage = Paged(ComponentIgnore);

export const ComponentIgnoreCreate = Type.Object({
  scan_id: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The application the component is ignored in (it must have the component); result_scope when omitted.' })),
  component_name: Text({ minLength: 1, maxLength: 300 }),
  component_version: Type.Optional(Type.Union([Text({ maxLength: 200 }), Type.Null()], { description: 'The exact version; null or omitted: every version.' })),
  description: Type.Optional(Text({ maxLength: 10_000 })),
  ...ScopeFields,
}, { title: 'ComponentIgnoreCreate', ...NO_OTHER_FIELDS });
export type ComponentIgnoreCreate = Static<typeof ComponentIgnoreCreate>;

export const ComponentIgnoreListQuery = Type.Object({
  scan: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only the ignores that reach this application.' })),
  component_name: Type.Optional(Text({ maxLength: 300 })),
  scope: Type.Optional(Type.Enum(TRIAGE_SCOPES)),
  ...PageQuery,
});
export type ComponentIgnoreListQuery = Static<typeof ComponentIgnoreListQuery>;
