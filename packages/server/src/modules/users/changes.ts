import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditLevel } from '../../db/schema/index.ts';
import type { UserFields } from './repository.ts';
import type { UserMeUpdateBody, UserUpdateBody } from './schemas.ts';

/** What a PATCH changes of a user: the fields that differ from the stored ones (a password always does). */
export interface UserChanges {
  username?: string;
  is_active?: boolean;
  /** The new password, hashed before it is written. */
  password?: string;
  display_local_time?: boolean;
  container_default_view?: string;
}

/** The fields of `body` that differ from `current`; a username is trimmed and may not be blank. */
export function changesOf(current: UserRow, body: UserUpdateBody & UserMeUpdateBody): UserChanges {
  const changes: UserChanges = {};
  if (body.username !== undefined) {
    const username = body.username.trim();
    if (!username) throw new AppError('user_username_blank');
    if (username !== current.username) changes.username = username;
  }
  if (body.is_active !== undefined && body.is_active !== current.isActive) changes.is_active = body.is_active;
  if (body.password !== undefined) changes.password = body.password;
  if (body.display_local_time !== undefined && body.display_local_time !== current.displayLocalTime) changes.display_local_time = body.display_local_time;
  if (body.container_default_view !== undefined && body.container_default_view !== current.containerDefaultView) {
    changes.container_default_view = body.container_default_view;
  }
  if (body.otp_active !== undefined && body.otp_active !== current.otpActive) {
    // Turning it off needs the password or a current code (DELETE /rest/otps/): a session alone must not.
    throw new AppError(body.otp_active ? 'user_otp_enable' : 'user_otp_disable');
  }
  return changes;
}

/** The columns to write for `changes`, with the password hash made by the caller. */
export function fieldsOf(changes: UserChanges, passwordHash: string | undefined): UserFields {
  const fields: UserFields = {};
  if (changes.username !== undefined) fields.username = changes.username;
  if (changes.is_active !== undefined) fields.isActive = changes.is_active;
  if (passwordHash !== undefined) fields.passwordHash = passwordHash;
  if (changes.display_local_time !== undefined) fields.displayLocalTime = changes.display_local_time;
  if (changes.container_default_view !== undefined) fields.containerDefaultView = changes.container_default_view;
  return fields;
}

/**
 * The audit event of a user change: named after its weightiest part, with each changed field
 * as [before, after] (a password only as "set"). Activation is level 4 (who may sign in), a
 * password change 3 (a credential), the rest 2 (how the app looks to the user).
 */
export function changeEvent(current: UserRow, changes: UserChanges): { action: string; level: AuditLevel; details: Record<string, unknown> } {
  const before: Record<string, unknown> = {
    username: current.username,
    is_active: current.isActive,
    display_local_time: current.displayLocalTime,
    container_default_view: current.containerDefaultView,
    otp_active: current.otpActive,
  };
  const details = Object.fromEntries(
    Object.entries(changes).map(([field, after]) => [field, field === 'password' ? 'set' : [before[field], after]]),
  );
  if (changes.is_active !== undefined) return { action: changes.is_active ? 'user.activate' : 'user.deactivate', level: 4, details };
  if (changes.password !== undefined) return { action: 'user.set_password', level: 3, details };
  return { action: 'user.update', level: 2, details };
}
