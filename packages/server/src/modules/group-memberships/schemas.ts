import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id } from '../../lib/schemas.ts';

/** Spec §6 group roles: GU member, M group manager. */
export const GroupRoleSchema = Type.Union([Type.Literal('GU'), Type.Literal('M')], {
  description: 'GU member (view, upload), M group manager (also change the group, its subgroups and their members).',
});

export const GroupMembership = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  user_id: Type.Integer(),
  role: GroupRoleSchema,
}, { title: 'GroupMembership' });
export type GroupMembership = Static<typeof GroupMembership>;

export const GroupMembershipPage = Paged(GroupMembership);

export const GroupMembershipListQuery = Type.Object({
  group_id: Type.Optional(Id),
  user_id: Type.Optional(Id),
  ...PageQuery,
});
export type GroupMembershipListQuery = Static<typeof GroupMembershipListQuery>;

export const GroupMembershipCreateBody = Type.Object({
  group_id: Id,
  user_id: Id,
  role: GroupRoleSchema,
}, { title: 'GroupMembershipCreate' });
export type GroupMembershipCreateBody = Static<typeof GroupMembershipCreateBody>;

/** Only the role changes; a membership of another group or user is a new membership. */
export const GroupMembershipUpdateBody = Type.Object({ role: Type.Optional(GroupRoleSchema) }, { title: 'GroupMembershipUpdate' });
export type GroupMembershipUpdateBody = Static<typeof GroupMembershipUpdateBody>;
