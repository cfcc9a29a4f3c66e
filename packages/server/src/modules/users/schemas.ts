import { type Static, Type } from 'typebox';

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
