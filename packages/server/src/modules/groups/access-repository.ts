import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, type GroupRole, groupMemberships, groups, scans } from '../../db/schema/index.ts';
import type { Viewer } from '../users/viewer.ts';
import { viewerRoleOnGroup, visibleGroupsWhere } from './scope.ts';

/** A group the viewer sees, with their highest role along its search path (null: they see it by account permission). */
export interface ScopedGroup {
  groupId: number;
  role: GroupRole | null;
}

/** What the route guard reads: the group a route's object belongs to, if the viewer sees it. */
export interface AccessRepository {
  group(viewer: Viewer, id: number): Promise<ScopedGroup | undefined>;
  /** The scan's group; a scan is visible exactly when its group is. */
  groupOfScan(viewer: Viewer, scanId: number): Promise<ScopedGroup | undefined>;
  /** The membership's group; a membership is visible exactly when its group is. */
  groupOfMembership(viewer: Viewer, membershipId: number): Promise<ScopedGroup | undefined>;
  /** The group of the comment's scan; a comment is visible exactly when its scan is. */
  groupOfComment(viewer: Viewer, commentId: number): Promise<ScopedGroup | undefined>;
}

export function createAccessRepository(db: Db): AccessRepository {
  const columns = (viewer: Viewer) => ({ groupId: groups.id, role: viewerRoleOnGroup(db, viewer) });
  return {
    async group(viewer, id) {
      const [row] = await db.select(columns(viewer)).from(groups).where(and(eq(groups.id, id), visibleGroupsWhere(db, viewer)));
      return row;
    },
    async groupOfScan(viewer, scanId) {
      const [row] = await db
        .select(columns(viewer))
        .from(scans)
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(and(eq(scans.id, scanId), visibleGroupsWhere(db, viewer)));
      return row;
    },
    async groupOfMembership(viewer, membershipId) {
      const [row] = await db
        .select(columns(viewer))
        .from(groupMemberships)
        .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
        .where(and(eq(groupMemberships.id, membershipId), visibleGroupsWhere(db, viewer)));
      return row;
    },
    async groupOfComment(viewer, commentId) {
      const [row] = await db
        .select(columns(viewer))
        .from(comments)
        .innerJoin(scans, eq(scans.id, comments.scanId))
        .innerJoin(groups, eq(groups.id, scans.groupId))
        .where(and(eq(comments.id, commentId), visibleGroupsWhere(db, viewer)));
      return row;
    },
  };
}
