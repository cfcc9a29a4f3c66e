import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';

const NullableText = (maxLength: number, description: string) => Type.Optional(Type.Union([Text({ maxLength }), Type.Null()], { description }));

export const ComponentNameOverride = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  display_name: Type.String(),
  component_id: Type.Union([Type.String(), Type.Null()], { description: 'The catalogue entry (GET /rest/components/{id}/) it renames; or null and the mimir fields.' }),
  mimir_name: Type.Union([Type.String(), Type.Null()]),
  mimir_codetype: Type.Union([Type.String(), Type.Null()]),
  mimir_vendor: Type.Union([Type.String(), Type.Null()]),
  mimir_variant: Type.Union([Type.String(), Type.Null()], { description: 'The distribution (its name) the component comes from.' }),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'ComponentNameOverride' });
export type ComponentNameOverride = Static<typeof ComponentNameOverride>;

export const ComponentNameOverridePage = Paged(ComponentNameOverride);

const NameOverrideFields = {
  display_name: Text({ minLength: 1, maxLength: 300 }),
  component_id: NullableText(200, 'The catalogue entry to rename; or give mimir_name.'),
  mimir_name: NullableText(300, 'The name the engine gives the component (a result component\'s lib).'),
  mimir_codetype: NullableText(2, 'Only components of this code type; null: any.'),
  mimir_vendor: NullableText(300, 'Only components of this vendor; null: any.'),
  mimir_variant: NullableText(300, 'Only components of this distribution; null: any.'),
};

export const ComponentNameOverrideCreate = Type.Object(NameOverrideFields, { title: 'ComponentNameOverrideCreate', ...NO_OTHER_FIELDS });
export type ComponentNameOverrideCreate = Static<typeof ComponentNameOverrideCreate>;

export const ComponentNameOverrideUpdate = Type.Partial(Type.Object(NameOverrideFields), { title: 'ComponentNameOverrideUpdate', ...NO_OTHER_FIELDS });
export type ComponentNameOverrideUpdate = Static<typeof ComponentNameOverrideUpdate>;

export const ComponentNameOverrideListQuery = Type.Object({
  component_id: Type.Optional(Text({ maxLength: 200 })),
  mimir_name: Type.Optional(Text({ maxLength: 300 })),
  ...PageQuery,
});
export type ComponentNameOverrideListQuery = Static<typeof ComponentNameOverrideListQuery>;
