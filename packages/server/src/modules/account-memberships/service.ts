import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { ACCOUNT_ROLES, permissionsOf } from '../users/permissions.ts';
import type { UsersRepository } from '../users/repository.ts';
import { isActiveAdministrator } from '../users/service.ts';
import { seesAllGroups, type Viewer } from '../users/viewer.ts';
import type { AccountMembership, AccountMembershipListQuery, AccountMembershipUpdateBody } from './schemas.ts';

// An account membership is the account-wide half of a user (spec §3): their roles (spec §6)
// and the permissions those grant. Each user has one, stored as `users.roles`, so its id is
// the user's id. An administrator (change_companyaccount) sees every one; anyone else their own.

export interface AccountMembershipsService {
  list(viewer: Viewer, query: AccountMembershipListQuery, page: PageRequest, path: string): Promise<Page<AccountMembership>>;
  get(viewer: Viewer, id: number): Promise<AccountMembership>;
  /** Sets the roles sent (an administrator's call); the same roles again write nothing. */
  update(viewer: Viewer, id: number, body: AccountMembershipUpdateBody): Promise<AccountMembership>;
}

export interface AccountMembershipsServiceDeps {
  users: UsersRepository;
  /** Writes a role change with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ users: UsersRepository }>;
}

export function createAccountMembershipsService(deps: AccountMembershipsServiceDeps): AccountMembershipsService {
  const find = async (viewer: Viewer, id: number): Promise<UserRow> => {
    const user = seesAllGroups(viewer) || id === viewer.userId ? await deps.users.findById(id) : undefined;
    if (!user) throw new AppError('not_found');
    return user;
  };

  return {
    async list(viewer, query, page, path) {
      const filter = seesAllGroups(viewer) ? {} : { ids: [viewer.userId] };
      const { rows, count } = await deps.users.list(viewer, filter, page);
      return pageOf(rows.map(toMembership), count, page, path, query);
    },

    async get(viewer, id) {
      return toMembership(await find(viewer, id));
    },

    async update(viewer, id, body) {
      const current = await find(viewer, id);
      if (body.roles === undefined) return toMembership(current);
      const sent = new Set<string>(body.roles);
      const roles = ACCOUNT_ROLES.filter((role) => sent.has(role));
      if (sameRoles(current.roles, roles)) return toMembership(current);
      const before = [...current.roles];
      await deps.change(
        async (tx) => {
          await tx.users.lockAdministrators();
          const user = await tx.users.findById(id);
          if (!user) throw new AppError('not_found');
          if (isActiveAdministrator(user) && !roles.includes('AU') && (await tx.users.activeAdministrators()) <= 1) {
            throw new AppError('account_last_administrator');
          }
          await tx.users.update(id, { roles });
        },
        () => ({
          actorId: viewer.userId,
          action: 'account_membership.update',
          object: `user:${id}`,
          level: 4,
          details: { roles: [before, roles], permissions: [permissionsOf(before), permissionsOf(roles)] },
        }),
      );
      return toMembership(await find(viewer, id));
    },
  };
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function toMembership(user: UserRow): AccountMembership {
  return { id: user.id, user: user.id, roles: user.roles, permissions: permissionsOf(user.roles) };
}
