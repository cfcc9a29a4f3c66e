import { type Static, Type } from 'typebox';
import { Id, NullableInteger, Text } from '../../lib/schemas.ts';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { MAX_CUSTOM_DATA_KEY, MAX_CUSTOM_DATA_VALUE } from './custom-data-schemas.ts';

/** Spec §5: groups nest at most 35 deep. */
export const MAX_GROUP_DEPTH = 35;

/** A template holds at most 100 entries. */
export const MAX_TEMPLATE_ENTRIES = 100;

export const ApplicationTemplateEntry = Type.Object({
  key: Text({ minLength: 1, maxLength: MAX_CUSTOM_DATA_KEY, description: 'Letters A-Z (either case), digits and _; stored upper-cased and trimmed, unique in the template.' }),
  value: Text({ maxLength: MAX_CUSTOM_DATA_VALUE, description: 'Stored trimmed; may be empty.' }),
}, { title: 'ApplicationTemplateEntry' });
export type ApplicationTemplateEntry = Static<typeof ApplicationTemplateEntry>;

export const Group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  search_path: Type.String({ description: 'Ids from the root to this group joined by dots, e.g. "1.4.9".' }),
  favourite: Type.Boolean({ description: "Whether the caller marked the group as a favourite (POST/DELETE /rest/groups/{id}/set-favourite/)." }),
  user_permissions: Type.Array(Type.String()),
  application_template: Type.Array(ApplicationTemplateEntry, { description: 'The custom data every new scan uploaded into the group starts with, ordered by key (spec §3).' }),
}, { title: 'Group' });
export type Group = Static<typeof Group>;

export const GroupPage = Paged(Group);

export const GROUP_ORDERINGS = ['name', '-name', 'id', '-id', 'created', '-created'] as const;
export type GroupOrdering = (typeof GROUP_ORDERINGS)[number];

export const GroupListQuery = Type.Object({
  q: Type.Optional(Text({ maxLength: 255 })),
  parent: Type.Optional(Id),
  favourite: Type.Optional(Type.Boolean({
    description: "true: only the caller's favourite groups (spec §6: among the groups they see, which with membership inheritance include the subgroups of their groups); false: only the others.",
  })),
  ordering: Type.Optional(Type.Union(GROUP_ORDERINGS.map((value) => Type.Literal(value)))),
  ...PageQuery,
});
export type GroupListQuery = Static<typeof GroupListQuery>;

export const GroupCreateBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Text({ maxLength: 10_000 })),
  parent: Type.Optional(NullableInteger({ minimum: 1, maximum: 2147483647, description: 'The new parent group; null moves the group to the top level.' })),
}, { title: 'GroupCreate' });
export type GroupCreateBody = Static<typeof GroupCreateBody>;

/** Spec §5: only the fields that changed are sent; a field sent with its current value changes nothing. */
export const GroupUpdateBody = Type.Partial(Type.Object({
  ...GroupCreateBody.properties,
  application_template: Type.Array(ApplicationTemplateEntry, {
    maxItems: MAX_TEMPLATE_ENTRIES,
    description: 'Replaces the whole template; the same entries in any order (after upper-casing and trimming) change nothing.',
  }),
}), { title: 'GroupUpdate' });
export type GroupUpdateBody = Static<typeof GroupUpdateBody>;
