import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GroupRole, groupMemberships, groups, users } from '../../db/schema/index.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';

export interface GroupMembershipRecord {
  id: number;
  groupId: number;
  userId: number;
  role: GroupRole;
}

export interface GroupMembershipFilter {
  groupId?: number | undefined;
  userId?: number | undefined;
}

/** Direct memberships (a role held on a group itself); reads show only those of groups the viewer sees. */
export interface GroupMembershipsRepository {
  list(viewer: Viewer, filter: GroupMembershipFilter, page: PageRequest): Promise<{ rows: GroupMembershipRecord[]; count: number }>;
  findVisible(viewer: Viewer, id: number): Promise<GroupMembershipRecord | undefined>;
  userExists(userId: number): Promise<boolean>;
  /**
   * Locks the group's row until the transaction ends, so that two changes of its managers
   * cannot each leave the other the last one; answers its parent (null: a top-level group).
   */
  lockGroup(groupId: number): Promise<{ parentId: number | null } | undefined>;
  /** How many managers (M) the group has besides membership `exceptId`. */
  otherManagers(groupId: number, exceptId: number): Promise<number>;
  /** The new membership; undefined when the user already has one in this group. */
  create(membership: Omit<GroupMembershipRecord, 'id'>): Promise<GroupMembershipRecord | undefined>;
  updateRole(id: number, role: GroupRole): Promise<void>;
  remove(id: number): Promise<void>;
}

const columns = { id: groupMemberships.id, groupId: groupMemberships.groupId, userId: groupMemberships.userId, role: groupMemberships.role };

export function createGroupMembershipsRepository(db: Db): GroupMembershipsRepository {
  return {
    async list(viewer, filter, page) {
      const where = and(
        inVisibleGroupWhere(db, viewer, groupMemberships.groupId),
        filter.groupId === undefined ? undefined : eq(groupMemberships.groupId, filter.groupId),
        filter.userId === undefined ? undefined : eq(groupMemberships.userId, filter.userId),
      );
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(groupMemberships).where(where).orderBy(asc(groupMemberships.id)).limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(groupMemberships).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },

    async findVisible(viewer, id) {
      const [row] = await db.select(columns).from(groupMemberships).where(and(eq(groupMemberships.id, id), inVisibleGroupWhere(db, viewer, groupMemberships.groupId)));
      return row;
    },

    async userExists(userId) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return row !== undefined;
    },

    async lockGroup(groupId) {
      const [row] = await db.select({ parentId: groups.parentId }).from(groups).where(eq(groups.id, groupId)).for('update');
      return row;
    },

    async otherManagers(groupId, exceptId) {
      const [row] = await db
        .select({ value: count() })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.role, 'M'), ne(groupMemberships.id, exceptId)));
      return row?.value ?? 0;
    },

    async create(membership) {
      const [row] = await db.insert(groupMemberships).values(membership).onConflictDoNothing().returning(columns);
      return row;
    },

    async updateRole(id, role) {
      await db.update(groupMemberships).set({ role }).where(eq(groupMemberships.id, id));
    },

    async remove(id) {
      await db.delete(groupMemberships).where(eq(groupMemberships.id, id));
    },
  };
}

