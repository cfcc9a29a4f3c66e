import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { GroupMembershipRecord, GroupMembershipsRepository } from './repository.ts';
import type { GroupMembership, GroupMembershipCreateBody, GroupMembershipListQuery, GroupMembershipUpdateBody } from './schemas.ts';

/**
 * Spec §7 /rest/group-memberships/: who holds which role (GU member, M manager) on which
 * group. The guard has checked change_appcheckgroup on the membership's group for every
 * change; a membership of a group the viewer cannot see is a 404 there.
 */
export interface GroupMembershipsService {
  list(viewer: Viewer, query: GroupMembershipListQuery, page: PageRequest): Promise<Page<GroupMembership>>;
  create(viewer: Viewer, body: GroupMembershipCreateBody): Promise<GroupMembership>;
  /** Changes the role when it differs; the same role writes nothing. */
  update(viewer: Viewer, id: number, body: GroupMembershipUpdateBody): Promise<GroupMembership>;
  remove(viewer: Viewer, id: number): Promise<void>;
}

export interface GroupMembershipsServiceDeps {
  memberships: GroupMembershipsRepository;
  /** Writes a membership with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ memberships: GroupMembershipsRepository }>;
}

export function createGroupMembershipsService(deps: GroupMembershipsServiceDeps): GroupMembershipsService {
  return {
    async list(viewer, query, page) {
      const { rows, count } = await deps.memberships.list(viewer, { groupId: query.group_id, userId: query.user_id }, page);
      return pageOf(rows.map(toMembership), count, page, '/rest/group-memberships/', query);
    },

    async create(viewer, body) {
      if (!(await deps.memberships.userExists(body.user_id))) throw new AppError('membership_user_not_found');
      const created = await deps.change(
        async (tx) => {
          const row = await tx.memberships.create({ groupId: body.group_id, userId: body.user_id, role: body.role });
          if (!row) throw new AppError('membership_taken');
          return row;
        },
        (row) => event(viewer, 'create', row, { role: row.role }),
      );
      return toMembership(created);
    },

    async update(viewer, id, body) {
      const current = await deps.memberships.findVisible(viewer, id);
      if (!current) throw new AppError('not_found');
      const role = body.role;
      if (role === undefined || role === current.role) return toMembership(current);
      await deps.change(
        async (tx) => {
          const { row, topLevel } = await lockedMembership(tx.memberships, viewer, id);
          if (row.role === 'M' && role !== 'M' && topLevel) await assertAnotherManager(tx.memberships, row, 'membership_last_manager_role');
          await tx.memberships.updateRole(id, role);
        },
        () => event(viewer, 'update', current, { role: [current.role, role] }),
      );
      return toMembership({ ...current, role });
    },

    async remove(viewer, id) {
      await deps.change(
        async (tx) => {
          const { row, topLevel } = await lockedMembership(tx.memberships, viewer, id);
          if (row.role === 'M' && topLevel) await assertAnotherManager(tx.memberships, row, 'membership_last_manager');
          await tx.memberships.remove(id);
          return row;
        },
        (row) => event(viewer, 'delete', row, { role: row.role }),
      );
    },
  };
}

/** The membership read again with its group locked: another request may have changed the group's managers meanwhile. */
async function lockedMembership(memberships: GroupMembershipsRepository, viewer: Viewer, id: number): Promise<{ row: GroupMembershipRecord; topLevel: boolean }> {
  const before = await memberships.findVisible(viewer, id);
  if (!before) throw new AppError('not_found');
  const group = await memberships.lockGroup(before.groupId);
  const row = await memberships.findVisible(viewer, id);
  if (!row || !group) throw new AppError('not_found');
  return { row, topLevel: group.parentId === null };
}

/**
 * A top-level group keeps at least one manager: without one, only account administrators
 * could change it. A subgroup is managed from above by its ancestors' managers.
 */
async function assertAnotherManager(
  memberships: GroupMembershipsRepository,
  row: GroupMembershipRecord,
  code: 'membership_last_manager' | 'membership_last_manager_role',
): Promise<void> {
  if ((await memberships.otherManagers(row.groupId, row.id)) === 0) throw new AppError(code);
}

/** Filed under the group, so that the group's feed shows who joined, changed role or left. */
function event(viewer: Viewer, action: 'create' | 'update' | 'delete', row: GroupMembershipRecord, details: Record<string, unknown>): AuditEvent {
  return { actorId: viewer.userId, action: `group_membership.${action}`, object: `group:${row.groupId}`, level: 3, details: { membership: row.id, user_id: row.userId, ...details } };
}

function toMembership(row: GroupMembershipRecord): GroupMembership {
  return { id: row.id, group_id: row.groupId, user_id: row.userId, role: row.role };
}
