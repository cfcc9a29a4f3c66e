import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, Text } from '../../lib/schemas.ts';
import { ACCOUNT_ROLES } from './permissions.ts';

/** Spec §9: at most 300 users by ids in one request. */
export const MAX_USER_IDS = 300;
/** A password an administrator sets (installations without mail): at least this long. */
import { PASSWORD_FLOOR } from './account-policy.ts';


/** How the container images of a scan are shown by default. */
export const CONTAINER_VIEWS = ['list', 'tree'] as const;
const ContainerView = Type.Union(CONTAINER_VIEWS.map((value) => Type.Literal(value)));

/** The signed-in user (login, GET/PATCH /rest/users/me/), with the account roles and permissions the web app's guards read. */
export const UserMe = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  display_local_time: Type.Boolean(),
  container_default_view: Type.String(),
  otp_active: Type.Boolean(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
}, { title: 'User' });
export type UserMe = Static<typeof UserMe>;

/** Spec §3 User as GET/POST /rest/users/ and GET/PATCH /rest/users/{id}/ answer it. */
export const AccountUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  is_active: Type.Boolean({ description: 'A deactivated user cannot sign in; their data stays.' }),
  groups: Type.Array(Type.Integer(), { description: 'Ids of the groups the user is a direct member of, among those the caller sees.' }),
  display_local_time: Type.Boolean(),
  container_default_view: Type.String(),
  otp_active: Type.Boolean(),
}, { title: 'AccountUser' });
export type AccountUser = Static<typeof AccountUser>;

export const AccountUserPage = Paged(AccountUser);

export const UserListQuery = Type.Object({
  q: Type.Optional(Text({ maxLength: 254, description: 'Part of the email or username, any case.' })),
  ids: Type.Optional(Type.String({ maxLength: 4000, description: `Comma-separated user ids, at most ${MAX_USER_IDS}.` })),
  ...PageQuery,
});
export type UserListQuery = Static<typeof UserListQuery>;

const Password = (description: string) => Text({ minLength: PASSWORD_FLOOR, maxLength: 1024, description: `${description} At least the company's minimum length (account settings → authentication; 12 by default).` });

export const UserCreateBody = Type.Object({
  email: Text({ minLength: 1, maxLength: 254 }),
  groups: Type.Optional(Type.Array(Id, { maxItems: 1000, description: 'Groups the new user joins as member (GU).' })),
  send_email_invite: Type.Optional(Type.Boolean({
    description: 'Mails the new user an invitation with a one-time set-password link (7 days). Without mail configured this answers 409: give a password instead.',
  })),
  password: Type.Optional(Password('For installations without mail: the new user signs in with it.')),
}, { title: 'UserCreate' });
export type UserCreateBody = Static<typeof UserCreateBody>;

const Username = Text({ minLength: 1, maxLength: 150 });

export const UserUpdateBody = Type.Object({
  username: Type.Optional(Username),
  is_active: Type.Optional(Type.Boolean({ description: 'false deactivates (sessions end, data stays); true activates again.' })),
  password: Type.Optional(Password("Sets the user's password (installations without mail); their other sessions end.")),
  display_local_time: Type.Optional(Type.Boolean()),
  container_default_view: Type.Optional(ContainerView),
}, { title: 'UserUpdate' });
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const UserMeUpdateBody = Type.Object({
  username: Type.Optional(Username),
  display_local_time: Type.Optional(Type.Boolean()),
  container_default_view: Type.Optional(ContainerView),
  otp_active: Type.Optional(Type.Boolean({ description: 'Unchanged only: two-factor sign-in is turned on by confirming a device (POST /rest/otps/confirm/) and off with a password or code (DELETE /rest/otps/).' })),
}, { title: 'UserMeUpdate' });
export type UserMeUpdateBody = Static<typeof UserMeUpdateBody>;

/** POST /rest/users/update/: one change for several users, all or none. */
export const UsersBulkUpdateBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: MAX_USER_IDS, description: `The users to change, at most ${MAX_USER_IDS}.` }),
  is_active: Type.Optional(Type.Boolean({ description: 'false deactivates (sessions end, data stays); true activates again.' })),
  roles: Type.Optional(Type.Array(Type.Union(ACCOUNT_ROLES.map((role) => Type.Literal(role))), { maxItems: ACCOUNT_ROLES.length, description: 'Account roles each user gets instead of theirs.' })),
}, { title: 'UsersBulkUpdate' });
export type UsersBulkUpdateBody = Static<typeof UsersBulkUpdateBody>;

export const UsersBulkUpdateResult = Type.Object({
  results: Type.Array(AccountUser),
  changed: Type.Array(Type.Integer(), { description: 'Ids of the users something changed of; the others already had these values.' }),
}, { title: 'UsersBulkUpdateResult' });
export type UsersBulkUpdateResult = Static<typeof UsersBulkUpdateResult>;

export const SetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the mailed link (/set-password?token=...).' }),
  password: Password('The new password.'),
}, { title: 'SetPassword' });
export type SetPasswordBody = Static<typeof SetPasswordBody>;

export const PasswordResetRequestBody = Type.Object({
  email: Text({ minLength: 1, maxLength: 254 }),
}, { title: 'PasswordResetRequest' });
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;
