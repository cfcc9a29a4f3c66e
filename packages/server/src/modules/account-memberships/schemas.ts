import { type Static, Type } from 'typebox';
import { Paged } from '../../lib/paging.ts';
import { ACCOUNT_ROLES } from '../users/permissions.ts';

/** Spec §9: the web app reads every account membership in one page of 10,000. */
export const MAX_MEMBERSHIP_LIMIT = 10_000;

const AccountRole = Type.Union(ACCOUNT_ROLES.map((role) => Type.Literal(role)), { description: 'Spec §6 account role (docs/roles.md).' });

/** Spec §3 Account membership: a user's account roles and the permissions they grant; its id is the user's id. */
export const AccountMembership = Type.Object({
  id: Type.Integer({ description: "The user's id: each user has exactly one account membership." }),
  user: Type.Integer(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
}, { title: 'AccountMembership' });
export type AccountMembership = Static<typeof AccountMembership>;

export const AccountMembershipPage = Paged(AccountMembership);

export const AccountMembershipListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MEMBERSHIP_LIMIT, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
});
export type AccountMembershipListQuery = Static<typeof AccountMembershipListQuery>;

export const AccountMembershipUpdateBody = Type.Object({
  roles: Type.Optional(Type.Array(AccountRole, { maxItems: ACCOUNT_ROLES.length * 2 })),
}, { title: 'AccountMembershipUpdate' });
export type AccountMembershipUpdateBody = Static<typeof AccountMembershipUpdateBody>;
