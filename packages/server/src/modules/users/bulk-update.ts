import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { UsersRepository } from './repository.ts';
import type { AccountUser, UsersBulkUpdateBody, UsersBulkUpdateResult } from './schemas.ts';
import type { Viewer } from './viewer.ts';

interface BulkUpdateDeps {
  users: UsersRepository;
  change: AuditedChange<{ users: UsersRepository }>;
}

/** What one user's row gets: only the fields that differ from theirs. */
interface UserDiff {
  id: number;
  is_active?: [boolean, boolean];
  roles?: [string[], string[]];
}

/**
 * POST /rest/users/update/: the same activation and/or roles for several users, in one
 * transaction with one audit event; a refused rule for any user changes nobody.
 */
export async function bulkUpdate(
  deps: BulkUpdateDeps,
  withGroups: (viewer: Viewer, rows: UserRow[]) => Promise<AccountUser[]>,
  viewer: Viewer,
  body: UsersBulkUpdateBody,
): Promise<UsersBulkUpdateResult> {
  const ids = [...new Set(body.ids)].sort((a, b) => a - b);
  const roles = body.roles === undefined ? undefined : [...new Set(body.roles)].sort();
  if (body.is_active === false && ids.includes(viewer.userId)) throw new AppError('user_deactivate_self');
  const rows = await visibleRows(deps, viewer, ids);
  const diffs = rows.map((row) => diffOf(row, body.is_active, roles)).filter((diff) => diff.is_active !== undefined || diff.roles !== undefined);
  if (diffs.length > 0) {
    await deps.change(
      async (tx) => {
        await tx.users.lockAdministrators();
        for (const diff of diffs) {
          await tx.users.update(diff.id, {
            ...(diff.is_active ? { isActive: diff.is_active[1] } : {}),
            ...(diff.roles ? { roles: diff.roles[1] } : {}),
          });
          if (diff.is_active?.[1] === false) await tx.users.endSessions(diff.id);
        }
        // Checked after the writes, under the lock: the change as a whole must leave an active administrator.
        if ((await tx.users.activeAdministrators()) === 0) {
          throw new AppError(body.is_active === false ? 'user_last_administrator' : 'account_last_administrator');
        }
      },
      () => ({
        actorId: viewer.userId,
        action: 'user.bulk_update',
        object: `user:${diffs.map((diff) => diff.id).join(',')}`,
        level: 4,
        details: { users: diffs },
      }),
    );
  }
  return { results: await withGroups(viewer, await visibleRows(deps, viewer, ids)), changed: diffs.map((diff) => diff.id) };
}

async function visibleRows(deps: BulkUpdateDeps, viewer: Viewer, ids: number[]): Promise<UserRow[]> {
  const { rows } = await deps.users.list(viewer, { ids }, { limit: ids.length, offset: 0 });
  if (rows.length !== ids.length) throw new AppError('user_ids_unknown');
  return rows;
}

function diffOf(row: UserRow, isActive: boolean | undefined, roles: string[] | undefined): UserDiff {
  const diff: UserDiff = { id: row.id };
  if (isActive !== undefined && isActive !== row.isActive) diff.is_active = [row.isActive, isActive];
  const current = [...row.roles].sort();
  if (roles !== undefined && current.join() !== roles.join()) diff.roles = [current, roles];
  return diff;
}
