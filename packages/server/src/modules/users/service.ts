import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { bootstrapAdmin, type BootstrapOptions } from './bootstrap.ts';
import { permissionsOf } from './permissions.ts';
import type { UsersRepository } from './repository.ts';
import type { UserMe } from './schemas.ts';
import type { Viewer } from './viewer.ts';

export interface UsersService {
  me(viewer: Viewer): Promise<UserMe>;
  /** The first administrator, made when no user exists (at start); its email, or null. */
  bootstrapAdmin(options: BootstrapOptions): Promise<string | null>;
}

export function createUsersService(deps: { users: UsersRepository; change: AuditedChange<{ users: UsersRepository }> }): UsersService {
  return {
    bootstrapAdmin: (options) => bootstrapAdmin(deps, options),

    async me(viewer) {
      const user = await deps.users.findById(viewer.userId);
      if (!user) throw new AppError('not_authenticated');
      return toUserMe(user);
    },
  };
}

export function toUserMe(user: UserRow): UserMe {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    display_local_time: user.displayLocalTime,
    container_default_view: user.containerDefaultView,
    otp_active: user.otpActive,
    roles: user.roles,
    permissions: permissionsOf(user.roles),
  };
}
